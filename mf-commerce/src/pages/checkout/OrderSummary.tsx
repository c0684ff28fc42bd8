import type { CartResponse } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { groupItems } from '../../cart/useCart';
import styles from './CheckoutPage.module.css';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Spec 2 §2: lines grouped under 'VRT Zoning' and 'Stack', then the total. */
export function OrderSummary({ cart }: { cart: CartResponse }) {
  return (
    <section aria-labelledby="order-summary" className={styles.section}>
      <h2 id="order-summary" className={styles.sectionTitle}>
        Order summary
      </h2>
      {groupItems(cart.data).map((group) => (
        <div key={group.type} className={styles.group}>
          <h3 className={styles.groupTitle}>{group.title}</h3>
          <ul className={styles.lines}>
            {group.items.map((item) => (
              <li key={item.id} className={styles.line}>
                <span>
                  <strong>{item.details.farm_name}</strong>
                  <span className={styles.muted}>
                    {' '}
                    · {plural(item.details.num_zones, 'zone')} · {plural(item.details.fields.length, 'field')}
                  </span>
                </span>
                <span>{formatAud(item.price, { prefixed: true })}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className={styles.totalLine}>
        <span>Total Price</span>
        <strong>{formatAud(cart.total, { prefixed: true })}</strong>
      </p>
      {cart.gst > 0 && <p className={styles.muted}>Includes GST of {formatAud(cart.gst, { prefixed: true })}</p>}
    </section>
  );
}
