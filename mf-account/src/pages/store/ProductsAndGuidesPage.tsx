import { Link } from 'react-router-dom';
import { paths } from '@paddock/shared/contracts';
import { Calculations } from './Calculations';
import { PhaseSlider } from './PhaseSlider';
import { ComingSoon } from './ProductsList';
import styles from './Store.module.css';

const comingSoon: ReadonlyArray<readonly [string, string]> = [
  ['High Resolution Imagery', 'Sub-metre captures delivered straight into your farm map.'],
  ['Zoning', 'Management zones drawn from imagery and soil data, ready for your machinery.'],
  ['Stack', 'Soil, imagery and yield layered together to plan each paddock.'],
];

/** Products and guides: the products to come, the season in four stages and the calculations. */
export function ProductsAndGuidesPage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Products &amp; Guides</h1>
      <section className={styles.block} aria-labelledby="guides-products">
        <h2 id="guides-products" className={styles.blockTitle}>
          Products
        </h2>
        <ul className={styles.products}>
          <ComingSoon products={comingSoon} />
        </ul>
      </section>
      <section className={styles.block} aria-labelledby="guides-season">
        <h2 id="guides-season" className={styles.blockTitle}>
          Your season in four stages
        </h2>
        <PhaseSlider variant="calculations" />
      </section>
      <Calculations />
      <section className={styles.block} aria-labelledby="guides-read">
        <h2 id="guides-read" className={styles.blockTitle}>
          Guides
        </h2>
        <ul className={styles.products}>
          <li className={styles.product}>
            <h3>Getting the most from high-resolution imagery</h3>
            <p>How captures work, how to read the colours and when to order.</p>
            <Link className={styles.buttonLink} to={paths.storeHighResImagery}>
              Read the guide
            </Link>
          </li>
          <li className={styles.product}>
            <h3>Store</h3>
            <p>Plans, products and services in one place.</p>
            <Link className={styles.buttonLink} to={paths.store}>
              Visit the Store
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
