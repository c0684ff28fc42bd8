import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isAdvanced, paths } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { useAccountStore } from '../../context';
import { useAwaitPremium } from '../../hooks/useAwaitPremium';
import { PriceBlock } from '../store/PlanCards';
import { SubscriptionModal } from './SubscriptionModal';
import styles from './Advanced.module.css';

/** Spec 3 §9: the sticky upgrade bar shows after this much scroll. */
export const STICKY_BAR_PX = 500;

const features = [
  {
    title: 'NDRE',
    text: 'Red-edge imagery keeps showing differences in thick, late-season canopies where NDVI has flattened out.',
  },
  {
    title: 'Thermal',
    text: 'Canopy temperature points to water stress, blocked drippers and irrigation faults before the crop shows it.',
  },
  {
    title: 'Plant Cell Density',
    text: 'PCD separates vigorous from struggling plants in vines, orchards and pasture.',
  },
  {
    title: 'Multi-field imagery',
    text: 'Select several fields and compare their imagery side by side, in one go.',
  },
];

const quotes = [
  {
    text: 'Thermal picked up a failed irrigation line two weeks before we would have seen it in the vines.',
    who: 'Vineyard manager, Barossa Valley',
  },
  {
    text: 'NDRE showed us where to top up nitrogen when NDVI said every paddock looked the same.',
    who: 'Grain grower, Central West NSW',
  },
  {
    text: 'Comparing all my clients’ fields at once saves me a day every week in spring.',
    who: 'Agronomist, Riverina',
  },
];

const comparison: Array<[string, boolean, boolean]> = [
  ['Farm map with field areas', true, true],
  ['Farm sharing', true, true],
  ['Distance and area measurement', true, true],
  ['NDVI on a field or region-wide (10 m)', true, true],
  ['GPS position for fields', true, true],
  ['NDRE calculation', false, true],
  ['Thermal calculation', false, true],
  ['Plant Cell Density calculation', false, true],
  ['Multi-field imagery viewing', false, true],
  ['Advanced calculations', false, true],
];

/**
 * Spec 3 §2.13: sticky bar after 500 px, hero, features, quotes, Basic vs Advanced, footer. Every
 * upgrade button opens the subscription modal; `/advanced/subscribe` and `/advanced/success` open it
 * on arrival. A premium user cannot subscribe again.
 */
export function AdvancedPage() {
  const { state } = useParams();
  const premium = useAccountStore((s) => isAdvanced(s.profile));
  const navigate = useNavigate();
  const [openedHere, setOpen] = useState(false);
  // `/advanced/subscribe` and `/advanced/success` open the modal; closing it leaves for `/advanced`.
  const open = openedHere || state === 'subscribe' || state === 'success';
  const [stuck, setStuck] = useState(false);
  const awaitPremium = useAwaitPremium();

  // Back from card authentication: the webhook may still be on its way.
  useEffect(() => {
    if (state === 'success' && !premium) void awaitPremium();
    // Once per arrival on the success state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  useEffect(() => {
    const onScroll = () => setStuck(window.scrollY > STICKY_BAR_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const upgrade = (label: string) =>
    premium ? (
      <Button disabled>{label === 'bar' ? 'Current Plan' : "You're already using advanced"}</Button>
    ) : (
      <Button onClick={() => setOpen(true)}>{label === 'bar' ? 'Upgrade now' : 'Get Advanced'}</Button>
    );

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next && state) void navigate(paths.advanced(), { replace: true });
  };

  return (
    <div className={styles.page}>
      {stuck && (
        <div className={styles.stickyBar} role="region" aria-label="Upgrade">
          <span className={styles.stickyTitle}>Paddock Advanced</span>
          {upgrade('bar')}
        </div>
      )}

      <header className={styles.hero}>
        <p className={styles.eyebrow}>Paddock Advanced</p>
        <h1 className={styles.headline}>See more in every paddock</h1>
        <p className={styles.lead}>
          NDRE, Thermal and Plant Cell Density, imagery across many fields at once: trusted on more than 12,000 farms
          and 7,000,000 ha processed.
        </p>
        {upgrade('hero')}
      </header>

      <section className={styles.block} aria-labelledby="advanced-features">
        <h2 id="advanced-features" className={styles.blockTitle}>
          What Advanced adds
        </h2>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.title} className={styles.feature}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={styles.block} aria-labelledby="advanced-quotes">
        <h2 id="advanced-quotes" className={styles.blockTitle}>
          From the paddock
        </h2>
        <div className={styles.quotes}>
          {quotes.map((quote) => (
            <figure key={quote.who} className={styles.quote}>
              <blockquote>“{quote.text}”</blockquote>
              <figcaption>{quote.who}</figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section className={styles.block} aria-labelledby="advanced-compare">
        <h2 id="advanced-compare" className={styles.blockTitle}>
          Basic vs Advanced
        </h2>
        <div className={styles.compareWrap}>
          <table className={styles.compare}>
            <thead>
              <tr>
                <th scope="col">Feature</th>
                <th scope="col">Basic</th>
                <th scope="col">Advanced</th>
              </tr>
            </thead>
            <tbody>
              {comparison.map(([feature, inBasic, inAdvanced]) => (
                <tr key={feature}>
                  <th scope="row">{feature}</th>
                  <td>{inBasic ? <Tick /> : <Cross />}</td>
                  <td>{inAdvanced ? <Tick /> : <Cross />}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Price</th>
                <td>Free</td>
                <td>
                  <PriceBlock />
                </td>
              </tr>
              <tr>
                <td />
                <td>
                  <Button variant="secondary" onClick={() => void navigate(paths.settings('subscription-status'))}>
                    Switch to Basic
                  </Button>
                </td>
                <td>{premium ? <Button disabled>Current Plan</Button> : upgrade('table')}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <footer className={styles.footer}>
        <p>Billed yearly in Australian dollars, GST on top. All sales are final; cancel any time before renewal.</p>
        <p>© {new Date().getFullYear()} Paddock. All rights reserved.</p>
      </footer>

      <SubscriptionModal isOpen={open} onOpenChange={onOpenChange} />
    </div>
  );
}

const Tick = () => (
  <span className={styles.tick} role="img" aria-label="Included">
    ✓
  </span>
);
const Cross = () => (
  <span className={styles.cross} role="img" aria-label="Not included">
    –
  </span>
);
