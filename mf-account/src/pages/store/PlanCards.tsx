import { useNavigate } from 'react-router-dom';
import { isAdvanced, paths } from '@paddock/shared/contracts';
import { formatAud } from '@paddock/shared/format';
import { Button, Spinner } from '@paddock/shared/ui';
import { useAccountStore } from '../../context';
import { useSubscriptionPrice } from '../../hooks/useSubscription';
import { discountText, validDiscount } from '../../lib/subscription';
import styles from './Store.module.css';

export const basicFeatures = [
  'Farm map with field areas',
  'Share farms with your team',
  'Distance and area measurement',
  'NDVI imagery on a single field or region-wide (10 m)',
  'GPS position for your fields',
];

export const advancedFeatures = [
  'Everything in Basic',
  'NDRE, Thermal and Plant Cell Density calculations',
  'Imagery across several fields at once',
  'Advanced calculations for every season',
];

/** Spec 3 §2.12 'Subscription Options': the Basic and Advanced cards with their button rules. */
export function PlanCards() {
  const premium = useAccountStore((state) => isAdvanced(state.profile));
  const navigate = useNavigate();
  return (
    <div className={styles.plans}>
      <article className={styles.plan} aria-labelledby="plan-basic">
        <h3 id="plan-basic" className={styles.planName}>
          Basic
        </h3>
        <p className={styles.planPrice}>Free</p>
        <ul className={styles.ticks}>
          {basicFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {premium ? (
          <Button variant="secondary" onClick={() => void navigate(paths.settings('subscription-status'))}>
            Switch to Basic
          </Button>
        ) : (
          <Button variant="secondary" disabled>
            Current Plan
          </Button>
        )}
      </article>
      <article className={`${styles.plan} ${styles.planFeatured}`} aria-labelledby="plan-advanced">
        <h3 id="plan-advanced" className={styles.planName}>
          Advanced
        </h3>
        <PriceBlock />
        <ul className={styles.ticks}>
          {advancedFeatures.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {premium ? (
          <Button disabled>Current Plan</Button>
        ) : (
          <Button onClick={() => void navigate(paths.advanced('subscribe'))}>Subscribe to Advanced</Button>
        )}
      </article>
    </div>
  );
}

/** Loading indicator; with a valid discount the actual price, the base price as 'from' and the offer; else the base price. */
export function PriceBlock() {
  const price = useSubscriptionPrice();
  if (price.isPending)
    return (
      <div className={styles.priceBlock}>
        <Spinner label="Loading the price" />
      </div>
    );
  if (!price.data) return <div className={styles.priceBlock} data-testid="price-failed" />;
  const discount = validDiscount(price.data);
  if (discount)
    return (
      <div className={styles.priceBlock}>
        <p className={styles.planPrice}>
          {formatAud(price.data.actualPrice, { prefixed: true })} <span className={styles.per}>/ year + GST</span>
        </p>
        <p className={styles.from}>
          from <s>{formatAud(price.data.basePrice, { prefixed: true })}</s>
        </p>
        <p className={styles.discount}>
          {discountText(discount)} <strong>Discount offer</strong>
        </p>
      </div>
    );
  return (
    <div className={styles.priceBlock}>
      <p className={styles.planPrice}>
        {formatAud(price.data.basePrice, { prefixed: true })} <span className={styles.per}>/ year + GST</span>
      </p>
    </div>
  );
}
