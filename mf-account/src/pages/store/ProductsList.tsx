import { paths } from '@paddock/shared/contracts';
import { AreaLink } from '../../components/AreaLink';
import styles from './Store.module.css';

/** Products not on sale yet, as list items: [title, text] each. */
export function ComingSoon({ products }: { products: ReadonlyArray<readonly [string, string]> }) {
  return products.map(([title, text]) => (
    <li key={title} className={`${styles.product} ${styles.soon}`}>
      <h3>{title}</h3>
      <p>{text}</p>
      <span className={styles.badge}>Coming Soon</span>
    </li>
  ));
}

/** Spec 3 §2.12 'Explore {product} Products'. */
export function ProductsList() {
  return (
    <ul className={styles.products}>
      <li className={styles.product}>
        <h3>High Resolution Satellite Imagery</h3>
        <p>Sub-metre and 2.5 m captures of your paddocks through the season, ordered by the hectare.</p>
        <AreaLink className={styles.buttonLink} to={paths.orderHighResImagery}>
          Order Imagery
        </AreaLink>
      </li>
      <li className={styles.product}>
        <h3>Rapid-EM soil survey</h3>
        <p>Book an electromagnetic soil-sensor machine to map soil variation across your fields.</p>
        <AreaLink className={styles.buttonLink} to={paths.rapidEmBooking()}>
          Book a Machine
        </AreaLink>
      </li>
      <ComingSoon
        products={[
          ['Variable Rate Application', 'Prescription maps that put inputs where they pay.'],
          ['Stack', 'Layers of soil, imagery and yield in one view to plan the season.'],
          ['Yield Analysis', 'Turn harvest data into zones and lessons for next year.'],
        ]}
      />
    </ul>
  );
}
