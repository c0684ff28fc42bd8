import { useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import { paths } from '@paddock/shared/contracts';
import { formatArea, formatAud } from '@paddock/shared/format';
import {
  cardErrors,
  emptyCardState,
  type AnyPaymentsClient,
  type CardState,
  type StripeCard,
  type TestCard,
} from '@paddock/shared/payments';
import { queryKeys, useQuery, useQueryClient } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, TermsLink } from '@paddock/shared/ui';
import { CheckboxField, Form } from '@paddock/shared/ui/form';
import type { Order } from '@paddock/shared/contracts';
import { CardSection } from '../../components/card/CardSection';
import { useCommerce } from '../../context';
import { ORDER_MESSAGES, formatOrderDate, orderStatusLabels } from '../../orders/rules';
import { usePaymentsClient } from '../checkout/usePaymentsClient';
import styles from './PayOrder.module.css';
import layout from '../../components/layout/layout.module.css';

/** Spec 3 §4 payment flow. */
export type PayState = 'idle' | 'processing' | 'success' | 'error';

interface PayValues {
  cardholder: string;
  terms: boolean;
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
  const { ordersApi, bus } = useCommerce();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { client, failed: clientFailed } = usePaymentsClient();
  const [state, setState] = useState<PayState>('idle');
  const [cardState, setCardState] = useState<CardState>(emptyCardState);
  const [showCardErrors, setShowCardErrors] = useState(false);
  const card = useRef<TestCard | StripeCard | null>(null);
  const payable = order.awaiting_payment;

  const succeed = () => {
    setState('success');
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    navigate(paths.orderReview(order.id, 'success'), { replace: true });
  };

  // Back from the card's 3-D Secure page: the PaymentIntent's outcome decides.
  const returned = useRef(false);
  useEffect(() => {
    const clientSecret = new URLSearchParams(location.search).get('payment_intent_client_secret');
    if (!clientSecret || !client || returned.current) return;
    returned.current = true;
    setState('processing');
    void client.retrieveStatus(clientSecret).then((outcome) => {
      if (outcome.status === 'succeeded' || outcome.status === 'processing') succeed();
      else {
        navigate(paths.pay(order.id), { replace: true });
        setState('error');
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, location.search]);

  const pay = async (values: PayValues) => {
    if (state === 'processing') return;
    if (!client || !card.current) {
      bus.toast('error', 'The card payment service is not ready. Please try again.');
      return;
    }
    setState('processing');
    try {
      const clientSecret = await ordersApi.pay(order.id);
      const outcome = await (client.confirmCard as (request: unknown) => ReturnType<AnyPaymentsClient['confirmCard']>)({
        clientSecret,
        card: card.current,
        billingDetails: {
          name: values.cardholder.trim(),
          address: {
            line1: order.street ?? '',
            city: order.suburb ?? '',
            state: order.state ?? '',
            postal_code: order.post_code ?? '',
            country: order.country ?? 'AU',
          },
        },
        returnUrl: window.location.href,
      });
      if (outcome.status === 'succeeded' || outcome.status === 'processing') return succeed();
      if (outcome.status === 'requires_action') return window.location.assign(outcome.url);
      setState('error');
    } catch (error) {
      bus.toast('error', errorMessage(error, 'Your payment could not be started. Please try again.'));
      setState('idle');
    }
  };

  const processing = state === 'processing' || state === 'success';
  return (
    <div className={layout.page}>
      <header>
        <h1 className={styles.title}>Pay for your order</h1>
        <p className={layout.muted}>Order {order.id.slice(0, 8)}</p>
      </header>
      {state === 'error' && (
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
            initialValues={{ cardholder: '', terms: false }}
            validate={(values) => (values.cardholder?.trim() ? {} : { cardholder: 'Please input card holder name.' })}
            onSubmit={(values) => {
              if (Object.keys(cardErrors(cardState)).length > 0) return;
              void pay(values);
            }}
            render={({ handleSubmit, values, form }) => (
              <form
                className={`${layout.form} ${layout.section}`}
                noValidate
                aria-busy={processing || undefined}
                onSubmit={(event) => {
                  const invalid =
                    Object.keys(form.getState().errors ?? {}).length > 0 ||
                    Object.keys(cardErrors(cardState)).length > 0;
                  if (invalid) {
                    setShowCardErrors(true);
                    bus.toast('error', "There's some validation error");
                  }
                  void handleSubmit(event);
                }}
              >
                <CardSection
                  client={client}
                  failed={clientFailed}
                  failedMessage="We encountered an error."
                  disabled={processing}
                  showErrors={showCardErrors}
                  headingId="order-card-details"
                  headingClassName={layout.sectionTitle}
                  onChange={(next, nextCard) => {
                    setCardState(next);
                    card.current = nextCard;
                  }}
                />
                <CheckboxField name="terms" disabled={processing}>
                  I have read and agree to the terms and conditions.
                </CheckboxField>
                <TermsLink />
                {state === 'processing' && (
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
