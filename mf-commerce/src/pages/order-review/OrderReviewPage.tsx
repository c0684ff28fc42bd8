import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import { orderDocumentButton, paths, type Order, type OrderDetail } from '@paddock/shared/contracts';
import { formatArea, formatAud } from '@paddock/shared/format';
import { queryKeys, useQueries, useQuery } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';

import { FieldThumbnail } from '../../components/thumbnail/FieldThumbnail';
import { useCommerce } from '../../context';
import {
  ORDER_MESSAGES,
  documentKind,
  formatOrderDate,
  orderStatusLabels,
  paymentMethodLabel,
} from '../../orders/rules';
import { MINIMUM_PRICING_NOTICE } from '../imagery-order/ConfirmStep';
import { OrderDocumentModal, preparingLabel } from './OrderDocumentModal';
import styles from './OrderReview.module.css';
import layout from '../../components/layout/layout.module.css';

/** The payment's state in words (the order's own status is shown beside it). */
export function paymentStatusLabel(order: Pick<Order, 'payment_status' | 'payment_method'>): string {
  if (order.payment_status === 'paid') return 'Paid';
  if (order.payment_status === 'canceled') return 'Cancelled';
  if (order.payment_status === 'open')
    return order.payment_method === 'invoice' ? 'Unpaid: to be paid within 14 days' : 'Awaiting payment';
  return 'N/A';
}

/** How often a just-paid order is re-read until the payment is confirmed. */
export const CONFIRM_POLL_MS = 2000;
/** How often an order is re-read while the server prepares its tax document (a job renders it). */
export const DOCUMENT_POLL_MS = 1000;

/** Spec 3 §2.10: /order-review/{id} and /order-review/{id}/success. */
export function OrderReviewPage() {
  const { orderId = '', type } = useParams();
  const { ordersApi, basename } = useCommerce();
  const navigate = useNavigate();
  const [documentOpen, setDocumentOpen] = useState(false);
  const order = useQuery({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => ordersApi.get(orderId),
    // Just paid by card: the provider's webhook marks the order paid moments later; until then it is re-read.
    // The tax document its status calls for is rendered by the server after the change: re-read until it is stored.
    refetchInterval: (query) => {
      const detail = query.state.data?.data;
      if (type === 'success' && detail?.awaiting_payment) return CONFIRM_POLL_MS;
      return detail?.document_pending ? DOCUMENT_POLL_MS : false;
    },
  });
  const confirming = type === 'success' && order.data?.data.awaiting_payment === true;
  const documentTitle =
    order.data && documentKind(order.data.data.status) === 'receipt' ? 'Tax Receipt' : 'Tax Invoice';

  return (
    <div className={layout.page}>
      <header className={styles.header}>
        <p className={styles.kicker}>High Resolution Ordering</p>
        <h1 className={styles.title}>Order Review</h1>
      </header>
      {type === 'success' && (
        <p className={styles.banner} role="status">
          {ORDER_MESSAGES.success}
        </p>
      )}
      {confirming && (
        <p className={layout.muted} role="status">
          Confirming your card payment…
        </p>
      )}
      {order.isPending ? (
        <LoadingState label="Loading your order" />
      ) : order.isError ? (
        <ErrorState
          title={isNotFound(order.error) ? 'Order not found' : 'Your order could not be loaded'}
          message={errorMessage(order.error)}
          onRetry={isNotFound(order.error) ? undefined : () => void order.refetch()}
        />
      ) : (
        <>
          <OrderFarms order={order.data.data} />
          <OrderFacts order={order.data.data} invoiceNumber={order.data.payment?.invoice_number ?? null} />
          {order.data.data.document_pending && (
            <p className={layout.muted} role="status">
              {preparingLabel(documentTitle)}…
            </p>
          )}
          <OrderDocumentModal
            document={order.data.data.document}
            pending={order.data.data.document_pending}
            title={documentTitle}
            isOpen={documentOpen}
            onClose={() => setDocumentOpen(false)}
          />
        </>
      )}
      <div className={styles.buttons}>
        <Button variant="secondary" onClick={() => goTo(basename, paths.dashboard)}>
          Back to Dashboard
        </Button>
        {order.data && (
          <Button variant="secondary" onClick={() => setDocumentOpen(true)}>
            {orderDocumentButton(order.data.data.status)}
          </Button>
        )}
        <Button onClick={() => navigate(paths.orderHighResImagery)}>Place New Order</Button>
      </div>
    </div>
  );
}

function OrderFacts({ order, invoiceNumber }: { order: Order; invoiceNumber: string | null }) {
  return (
    <section className={layout.section} aria-labelledby="order-facts">
      <h2 id="order-facts" className={layout.sectionTitle}>
        Order details
      </h2>
      <dl className={styles.summary}>
        <dt>Order ID</dt>
        <dd>{order.id}</dd>
        <dt>Product</dt>
        <dd>{order.product_title}</dd>
        <dt>Number of captures</dt>
        <dd>{order.specification.config.number_of_captures}</dd>
        <dt>Capture start date</dt>
        <dd>{formatOrderDate(order.start_capture_date)}</dd>
        <dt>Capture end date</dt>
        <dd>{formatOrderDate(order.end_capture_date)}</dd>
        <dt>Total hectares</dt>
        <dd>{formatArea(order.total_product_unit)}</dd>
        <dt>Total price (excluding GST)</dt>
        <dd>{formatAud(order.order_subtotal)}</dd>
        <dt>Payment method</dt>
        <dd>{paymentMethodLabel(order.payment_method)}</dd>
        <dt>Order status</dt>
        <dd>{orderStatusLabels[order.status]}</dd>
        <dt>Payment status</dt>
        <dd>{paymentStatusLabel(order)}</dd>
        {invoiceNumber && (
          <>
            <dt>Invoice number</dt>
            <dd>{invoiceNumber}</dd>
          </>
        )}
      </dl>
      {order.minimum_hectare_requirements_pricing && (
        <p className={styles.note} role="note">
          {MINIMUM_PRICING_NOTICE}
        </p>
      )}
    </section>
  );
}

/** Farm details: per farm its name, and per field a 100×100 thumbnail, name, crop type and area. */
function OrderFarms({ order }: { order: OrderDetail }) {
  const { ordersApi } = useCommerce();
  // The outline for the thumbnail: the field's geometry while it exists, else the ordered bbox.
  const geometries = useQueries({
    queries: order.fields.map((field) => ({
      queryKey: queryKeys.farms.field(field.id),
      queryFn: () => ordersApi.field(field.id),
      retry: false,
    })),
  });
  const farmIds = [...new Set(order.fields.map((field) => field.farm_id))];
  return (
    <section className={layout.section} aria-labelledby="farm-details">
      <h2 id="farm-details" className={layout.sectionTitle}>
        Farm details
      </h2>
      {farmIds.map((farmId) => {
        const fields = order.fields.filter((field) => field.farm_id === farmId);
        const farmName = fields[0]?.farm_name ?? 'Farm';
        return (
          <article key={farmId} aria-label={farmName}>
            <h3 className={layout.sectionTitle}>{farmName}</h3>
            <ul className={styles.fields}>
              {fields.map((field) => (
                <li key={field.id} className={styles.field}>
                  <FieldThumbnail
                    geometry={geometries[order.fields.indexOf(field)]?.data?.geometry ?? null}
                    bbox={field.bbox}
                    name={field.field_name}
                  />
                  <span>
                    <span className={styles.fieldName}>{field.field_name}</span>
                    <br />
                    {field.field_crop_type || 'No Crop Type'}
                    <br />
                    {formatArea(field.area)}
                  </span>
                </li>
              ))}
            </ul>
          </article>
        );
      })}
    </section>
  );
}
