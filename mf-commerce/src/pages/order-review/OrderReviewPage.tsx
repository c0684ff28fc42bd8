import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage, isNotFound } from '@paddock/shared/api-client';
import { paths } from '@paddock/shared/contracts';
import { formatAud, formatHectares } from '@paddock/shared/format';
import { queryKeys, useQueries, useQuery } from '@paddock/shared/query';
import { Button, ErrorState, LoadingState, goTo } from '@paddock/shared/ui';
import type { Order } from '../../api/orderContracts';
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
import { OrderDocumentModal } from './OrderDocumentModal';
import styles from './OrderReview.module.css';
import layout from '../../components/layout/layout.module.css';

/** Spec 3 §2.10: /order-review/{id} and /order-review/{id}/success. */
export function OrderReviewPage() {
  const { orderId = '', type } = useParams();
  const { ordersApi, basename } = useCommerce();
  const navigate = useNavigate();
  const [documentOpen, setDocumentOpen] = useState(false);
  const order = useQuery({
    queryKey: queryKeys.orders.detail(orderId),
    queryFn: () => ordersApi.get(orderId),
  });

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
          <OrderDocumentModal
            orderId={orderId}
            kind={documentKind(order.data.data.status)}
            invoiceNumber={order.data.payment?.invoice_number ?? null}
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
            {documentKind(order.data.data.status) === 'receipt' ? 'View Receipt' : 'View Invoice'}
          </Button>
        )}
        <Button onClick={() => navigate(paths.orderHighResImagery)}>Place New Order</Button>
      </div>
    </div>
  );
}

function OrderFacts({ order, invoiceNumber }: { order: Order; invoiceNumber: string | null }) {
  const { ordersApi } = useCommerce();
  const products = useQuery({ queryKey: queryKeys.products.list(), queryFn: () => ordersApi.products() });
  const product = products.data?.find((candidate) => candidate.id === order.product_id);
  return (
    <section className={layout.section} aria-labelledby="order-facts">
      <h2 id="order-facts" className={layout.sectionTitle}>
        Order details
      </h2>
      <dl className={styles.summary}>
        <dt>Order ID</dt>
        <dd>{order.id}</dd>
        {product && (
          <>
            <dt>Product</dt>
            <dd>{product.title}</dd>
          </>
        )}
        <dt>Number of captures</dt>
        <dd>{order.specification.config.number_of_captures}</dd>
        <dt>Capture start date</dt>
        <dd>{formatOrderDate(order.start_capture_date)}</dd>
        <dt>Capture end date</dt>
        <dd>{formatOrderDate(order.end_capture_date)}</dd>
        <dt>Total hectares</dt>
        <dd>{formatHectares(order.total_product_unit)} Ha</dd>
        <dt>Total price (excluding GST)</dt>
        <dd>{formatAud(order.order_subtotal)}</dd>
        <dt>Payment method</dt>
        <dd>{paymentMethodLabel(order.payment_method)}</dd>
        <dt>Payment status</dt>
        <dd>{orderStatusLabels[order.status]}</dd>
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
function OrderFarms({ order }: { order: Order }) {
  const { ordersApi } = useCommerce();
  const fields = useQueries({
    queries: order.specification.field_ids.map((fieldId) => ({
      queryKey: queryKeys.farms.field(fieldId),
      queryFn: () => ordersApi.field(fieldId),
    })),
  });
  const loaded = fields.flatMap((query) => (query.data ? [query.data] : []));
  const farmIds = [...new Set(loaded.map((field) => field.properties.farm_id))];
  const farms = useQueries({
    queries: farmIds.map((farmId) => ({
      queryKey: queryKeys.farms.detail(farmId),
      queryFn: () => ordersApi.farm(farmId),
    })),
  });
  const farmName = (farmId: string) =>
    farms.find((query) => query.data?.properties.farm_id === farmId)?.data?.properties.farm_name ?? 'Farm';
  const missing = fields.filter((query) => query.isError).length;

  return (
    <section className={layout.section} aria-labelledby="farm-details">
      <h2 id="farm-details" className={layout.sectionTitle}>
        Farm details
      </h2>
      {fields.some((query) => query.isPending) && <LoadingState label="Loading the fields" />}
      {farmIds.map((farmId) => (
        <article key={farmId} aria-label={farmName(farmId)}>
          <h3 className={layout.sectionTitle}>{farmName(farmId)}</h3>
          <ul className={styles.fields}>
            {loaded
              .filter((field) => field.properties.farm_id === farmId)
              .map((field) => (
                <li key={field.id} className={styles.field}>
                  <FieldThumbnail geometry={field.geometry} name={field.properties.field_name} />
                  <span>
                    <span className={styles.fieldName}>{field.properties.field_name}</span>
                    <br />
                    {field.properties.field_crop_type || 'No Crop Type'}
                    <br />
                    {formatHectares(field.properties.area)} Ha
                  </span>
                </li>
              ))}
          </ul>
        </article>
      ))}
      {missing > 0 && (
        <p className={layout.muted}>
          {missing} ordered field{missing === 1 ? ' is' : 's are'} no longer on your farms.
        </p>
      )}
    </section>
  );
}
