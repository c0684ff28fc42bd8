import { formatAud } from '@paddock/shared/format';
import { productMinimums } from '@paddock/shared/format/pricing';
import { PlainSelect } from '@paddock/shared/ui/form';
import type { Product } from '@paddock/shared/contracts';
import { captureOptions, isCaptureCountProduct, isFixedRangeProduct } from '../../orders/rules';
import styles from './ImageryOrder.module.css';
import layout from '../../components/layout/layout.module.css';

interface ProductStepProps {
  products: Product[];
  productId: string | null;
  captures: number | null;
  onProduct(product: Product): void;
  onCaptures(count: number): void;
}

/**
 * The product's price in words, GST exclusive: free, a flat price, or per hectare with its minimums
 * (the area charged at least and the least price), so no minimum first appears on the invoice.
 */
export const priceLine = (product: Product): string => {
  const options = captureOptions(product);
  const first = options[0];
  if (product.config.free || !first) return 'Free';
  const from = options.length > 1 ? 'From ' : '';
  if (first.unit_price === 0) return `${from}${formatAud(first.min_price)} flat price (excl. GST)`;
  const minimums = productMinimums(first);
  return `${from}${formatAud(first.unit_price)}/ha${minimums ? `, ${minimums}` : ''} (excl. GST)`;
};

/** Step 2: the products with their descriptions and suggestions; the 80 cm product's capture count. */
export function ProductStep({ products, productId, captures, onProduct, onCaptures }: ProductStepProps) {
  const product = products.find((candidate) => candidate.id === productId);
  return (
    <section className={layout.section} aria-labelledby="product-step">
      <h2 id="product-step" className={layout.sectionTitle}>
        Select Product
      </h2>
      <fieldset className={styles.products}>
        <legend className={styles.visuallyHidden}>Products</legend>
        {products
          .filter((candidate) => candidate.enabled)
          .map((candidate) => (
            <label key={candidate.id} className={styles.product}>
              <input
                type="radio"
                name="product"
                value={candidate.id}
                checked={candidate.id === productId}
                onChange={() => onProduct(candidate)}
              />
              <span>
                <span className={styles.productTitle}>
                  {isFixedRangeProduct(candidate) ? `${candidate.title} (Rice, free)` : candidate.title}
                </span>
                <br />
                <span className={styles.muted}>{priceLine(candidate)}</span>
                <br />
                <span>{candidate.details.description}</span>
                {candidate.details.suggestion.length > 0 && (
                  <>
                    <br />
                    <span className={styles.muted}>Suggested for:</span>
                    <ul className={styles.suggestions}>
                      {candidate.details.suggestion.map((suggestion) => (
                        <li key={suggestion}>{suggestion}</li>
                      ))}
                    </ul>
                  </>
                )}
              </span>
            </label>
          ))}
      </fieldset>
      {product && isCaptureCountProduct(product) && (
        <PlainSelect label="Number of captures" value={captures ?? ''} onChange={(value) => onCaptures(Number(value))}>
          {captureOptions(product).map((option) => (
            <option key={option.number_of_captures} value={option.number_of_captures}>
              {option.number_of_captures} capture{option.number_of_captures === 1 ? '' : 's'} over at least{' '}
              {option.minimum_months} month{option.minimum_months === 1 ? '' : 's'}
            </option>
          ))}
        </PlainSelect>
      )}
      <p className={styles.muted}>
        Imagery typically starts 10–14 days after the order. A partial refund is given if the captures are not reached.
      </p>
    </section>
  );
}
