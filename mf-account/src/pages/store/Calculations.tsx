import styles from './Store.module.css';

const calculations = [
  {
    name: 'NDVI',
    text: 'How green and dense the canopy is: the everyday health check for any crop.',
    advanced: false,
  },
  {
    name: 'Regional NDVI',
    text: 'NDVI across the whole region at 10 m, to compare your paddocks with the district.',
    advanced: false,
  },
  {
    name: 'Colour',
    text: 'The true-colour picture. Always use it to check for cloud and shadow before reading any other layer.',
    advanced: false,
  },
  {
    name: 'NDRE',
    text: 'Red-edge vigour that keeps reading when NDVI saturates in thick, late-season crops.',
    advanced: true,
  },
  {
    name: 'Plant Cell Density',
    text: 'PCD highlights differences in biomass and plant vigour for tree crops, vines and pasture.',
    advanced: true,
  },
  {
    name: 'Thermal',
    text: 'Canopy temperature, to spot water stress and irrigation faults before they show.',
    advanced: true,
  },
];

/** Spec 3 §2.12 'Calculations': tagged 'Included in Basic' or 'Unlock with Advanced'. */
export function Calculations() {
  return (
    <section className={styles.block} aria-labelledby="calculations">
      <h2 id="calculations" className={styles.blockTitle}>
        Calculations
      </h2>
      <ul className={styles.calculations}>
        {calculations.map((calculation) => (
          <li key={calculation.name} className={styles.calculation}>
            <span className={calculation.advanced ? styles.tagAdvanced : styles.tagBasic}>
              {calculation.advanced ? 'Unlock with Advanced' : 'Included in Basic'}
            </span>
            <h3>{calculation.name}</h3>
            <p>{calculation.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
