import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import { orderAddress, paths } from '@paddock/shared/contracts';
import { formatArea, formatAud } from '@paddock/shared/format';
import { areaPriceArithmetic } from '@paddock/shared/format/pricing';
import { billingAddress, cardMessages } from '@paddock/shared/payments';
import { CardSection, useCardPayment } from '@paddock/shared/payments/ui';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, TermsLink } from '@paddock/shared/ui';
import { CheckboxField, Form } from '@paddock/shared/ui/form';
import type { Order, Product } from '@paddock/shared/contracts';
import { useCommerce } from '../../context';
import { ORDER_MESSAGES, formatOrderDate, orderStatusLabels } from '../../orders/rules';
import { usePaymentsClient } from '../checkout/usePaymentsClient';
import styles from './PayOrder.module.css';
import layout from '../../components/layout/layout.module.css';

interface PayValues {
  cardholder: string;
  terms: boolean;
}

/**
 * How the order's subtotal was reached ('209.00 ha ordered, 500.00 ha charged (minimum area) × $4.50/ha
 * = $2,250.00'), from its product's capture package; null when the product's prices no longer give
 * the order's subtotal (never a sum the order was not charged).
 */
export function orderArithmetic(order: Order, products: readonly Product[] | undefined): string | null {
  const product = products?.find((candidate) => candidate.id === order.product_id);
  const captures = order.specification.config.number_of_captures;
  const capture = product?.config.captures.find((entry) => entry.number_of_captures === captures);
  if (!capture) return null;
  const billable = Math.max(order.total_product_unit, capture.minimum_cluster_area);
  const expected = product?.config.free ? 0 : Math.max(Math.round(billable * capture.unit_price), capture.min_price);
  if (expected !== order.order_subtotal) return null;
  return areaPriceArithmetic({
    hectares: order.total_product_unit,
    billableHectares: billable,
    unitPrice: capture.unit_price,
    minPrice: capture.min_price,
    subtotal: order.order_subtotal,
  });
}

/** Spec 3 §2.9: /pay/{orderId}, card orders only, GST inclusive. */
export function PayOrderPage() {
  const { orderId = '' } = useParams();
  const { ordersApi } = useCommerce();
  const order = useQuery({ queryKey: queryKeys.orders.detail(orderId), queryFn: () => ordersApi.get(orderId) });

  if (order.isPending)
    return (
      <div className={layout.page}>
        <h1 className={styles.title}>Pay for your order</h1>
        <LoadingState label="Loading your order" />
      </div>
    );
  if (order.isError)
    return (
      <div className={layout.page}>
        <h1 className={styles.title}>Pay for your order</h1>
        <ErrorState
          title={isNotFound(order.error) ? 'Order not found' : 'Your order could not be loaded'}
          message={errorMessage(order.error)}
          onRetry={isNotFound(order.error) ? undefined : () => void order.refetch()}
        />
      </div>
    );
  // Only card orders are paid here; any other goes back to its review.
  if (order.data.data.payment_method !== 'stripe') return <Navigate to={paths.orderReview(orderId)} replace />;
  return <PayForm order={order.data.data} />;
}

function PayForm({ order }: { order: Order }) {
  const { ordersApi } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { client, failed: clientFailed } = usePaymentsClient();
  const products = useQuery({ queryKey: queryKeys.products.list(), queryFn: () => ordersApi.products() });
  const arithmetic = orderArithmetic(order, products.data);
  const payable = order.awaiting_payment;
  const returnedSecret = new URLSearchParams(location.search).get('payment_intent_client_secret');

  const payment = useCardPayment({
    client,
    start: (_values: PayValues) => ordersApi.pay(order.id),
    clientSecret: (clientSecret) => clientSecret,
    billingDetails: (values) => ({
      name: values.cardholder.trim(),
      address: billingAddress(orderAddress(order)),
    }),
    returnUrl: () => window.location.href,
    failure: 'Your payment could not be started. Please try again.',
    returnedSecret,
    onPaid: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
      navigate(paths.orderReview(order.id, 'success'), { replace: true });
    },
    onDeclined: () => {
      if (returnedSecret) navigate(paths.pay(order.id), { replace: true });
    },
  });

  // From the click until the page moves on: paid, or away to authenticate the card (the shared flow's state).
  const processing = payment.processing;
  return (
    <div className={layout.page}>
      <header>
        <h1 className={styles.title}>Pay for your order</h1>
        <p className={layout.muted}>Order {order.id.slice(0, 8)}</p>
      </header>
      {payment.declined && !processing && (
        <p className={styles.declined} role="alert">
          {ORDER_MESSAGES.declined}
        </p>
      )}
      <div className={styles.columns}>
        <section className={layout.section} aria-labelledby="pay-summary">
          <h2 id="pay-summary" className={layout.sectionTitle}>
            Order summary
          </h2>
          <dl className={styles.summary}>
            <dt>Capture range</dt>
            <dd>
              {formatOrderDate(order.start_capture_date)} – {formatOrderDate(order.end_capture_date)}
            </dd>
            <dt>Total hectares</dt>
            <dd>{formatArea(order.total_product_unit)}</dd>
            {arithmetic && (
              <>
                <dt>Charged</dt>
                <dd>{arithmetic}</dd>
              </>
            )}
            <dt>Subtotal</dt>
            <dd>{formatAud(order.order_subtotal)}</dd>
            <dt>GST</dt>
            <dd>{formatAud(order.gst)}</dd>
            <dt>Total (including GST)</dt>
            <dd className={styles.total}>{formatAud(order.order_total, { prefixed: true })}</dd>
          </dl>
        </section>
        {payable ? (
          <Form<PayValues>
            initialValues={{
              cardholder: [order.first_name, order.last_name].filter((part) => part?.trim()).join(' '),
              terms: false,
            }}
            validate={(values) => (values.cardholder?.trim() ? {} : { cardholder: cardMessages.cardholderRequired })}
            onSubmit={(values) => payment.submit(values)}
            render={({ handleSubmit, values, form }) => (
              <form
                className={`${layout.form} ${layout.section}`}
                noValidate
                aria-busy={processing || undefined}
                onSubmit={(event) => {
                  payment.checkSubmit(form.getState().errors);
                  void handleSubmit(event);
                }}
              >
                <CardSection
                  {...payment.cardSection}
                  failed={clientFailed}
                  failedMessage="We encountered an error."
                  headingId="order-card-details"
                  headingClassName={layout.sectionTitle}
                />
                <CheckboxField name="terms" disabled={processing}>
                  I have read and agree to the terms and conditions.
                </CheckboxField>
                <TermsLink />
                {payment.processing && (
                  <p role="status" className={layout.muted}>
                    Processing your payment…
                  </p>
                )}
                <Button
                  type="submit"
                  disabled={!values.terms || !client || processing}
                  aria-busy={processing || undefined}
                >
                  {processing ? 'Processing…' : `Pay ${formatAud(order.order_total, { prefixed: true })}`}
                </Button>
              </form>
            )}
          />
        ) : (
          <section className={layout.section} aria-labelledby="pay-state">
            <h2 id="pay-state" className={layout.sectionTitle}>
              Nothing to pay
            </h2>
            <p>
              This order is {orderStatusLabels[order.status].toLowerCase()}
              {order.status === 'cancelled' ? '.' : ' and its payment has been received.'}
            </p>
            <Button disabled>Pay {formatAud(order.order_total, { prefixed: true })}</Button>
            <Button variant="secondary" onClick={() => navigate(paths.orderReview(order.id))}>
              View the order
            </Button>
          </section>
        )}
      </div>
    </div>
  );
}
