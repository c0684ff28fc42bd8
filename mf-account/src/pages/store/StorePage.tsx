import { Calculations } from './Calculations';
import { PhaseSlider } from './PhaseSlider';
import { PlanCards } from './PlanCards';
import { ProductsList } from './ProductsList';
import styles from './Store.module.css';

/** Spec 3 §2.12: subscription options, products, the phase slider and the calculations. */
export function StorePage() {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Store</h1>
      <section className={styles.block} aria-labelledby="store-plans">
        <h2 id="store-plans" className={styles.blockTitle}>
          Subscription Options
        </h2>
        <PlanCards />
      </section>
      <section className={styles.block} aria-labelledby="store-products">
        <h2 id="store-products" className={styles.blockTitle}>
          Explore Paddock Products
        </h2>
        <ProductsList />
      </section>
      <section className={styles.block} aria-labelledby="store-season">
        <h2 id="store-season" className={styles.blockTitle}>
          Through the season
        </h2>
        <PhaseSlider />
      </section>
      <Calculations />
    </div>
  );
}
