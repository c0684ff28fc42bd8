import type { ReactNode } from 'react';
import { formatAud, formatHectares } from '@paddock/shared/format';
import { areaPriceArithmetic } from '@paddock/shared/format/pricing';
import { QueryStatus } from '@paddock/shared/ui';
import type { UseQueryResult } from '@paddock/shared/query';
import type { Product, Quote } from '@paddock/shared/contracts';
import { formatOrderDate } from '../../orders/rules';
import type { FarmChoice } from './wizard';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

/** The order's price once quoted: a loading state while pricing, an error with Try again when it fails. */
export function Priced({ quote, children }: { quote: UseQueryResult<Quote>; children(quote: Quote): ReactNode }) {
  if (!quote.isSuccess)
    return <QueryStatus query={quote} loading="Pricing your order" failed="Your order could not be priced" />;
  return children(quote.data);
}

interface ConfirmStepProps {
  farms: FarmChoice[];
  product: Product;
  captures: number;
  range: { start: string; end: string };
  quote: UseQueryResult<Quote>;
}

/** The quote's arithmetic ('209.00 ha ordered, 500.00 ha charged (minimum area) × $4.50/ha = $2,250.00'). */
export const quoteArithmetic = (quote: Quote): string =>
  areaPriceArithmetic({
    hectares: quote.total_product_unit,
    billableHectares: quote.billable_hectares,
    unitPrice: quote.unit_price,
    minPrice: quote.min_price,
    subtotal: quote.order_pricing.subtotal,
  });

export const MINIMUM_PRICING_NOTICE =
  'The minimum hectare requirement of this product applies: the price shown is its minimum price.';

/** Step 4: what is ordered and the server's price, excluding GST (spec 3 §2.8, §9). */
export function ConfirmStep({ farms, product, captures, range, quote }: ConfirmStepProps) {
  return (
    <section className={layout.section} aria-labelledby="confirm-step">
      <h2 id="confirm-step" className={layout.sectionTitle}>
        Order Confirmation
      </h2>
      <dl className={styles.summary}>
        {farms.map(({ farm, fields }) => (
          <div key={farm.farm_id} style={{ display: 'contents' }}>
            <dt>{farm.farm_name}</dt>
            <dd>{fields.map((field) => `${field.name} (${formatHectares(field.area)} ha)`).join(', ')}</dd>
          </div>
        ))}
        <dt>Product</dt>
        <dd>{product.title}</dd>
        <dt>Captures</dt>
        <dd>{captures}</dd>
        <dt>Capture range</dt>
        <dd>
          {formatOrderDate(range.start)} – {formatOrderDate(range.end)}
        </dd>
      </dl>
      <Priced quote={quote}>
        {(priced) => (
          <>
            <dl className={styles.summary} aria-label="Price">
              <dt>Total hectares</dt>
              <dd>{formatHectares(priced.total_product_unit)} ha</dd>
              <dt>Charged</dt>
              <dd>{quoteArithmetic(priced)}</dd>
              <dt>Total (excluding GST)</dt>
              <dd className={styles.total}>{formatAud(priced.order_pricing.subtotal)}</dd>
            </dl>
            {priced.minimum_hectare_requirements_pricing && (
              <p className={styles.note} role="note">
                {MINIMUM_PRICING_NOTICE}
              </p>
            )}
            <p className={styles.muted}>Prices exclude GST, which is added at payment.</p>
          </>
        )}
      </Priced>
    </section>
  );
}
