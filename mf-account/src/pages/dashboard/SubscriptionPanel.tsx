import { paths } from '@paddock/shared/contracts';
import { formatAud, formatDate } from '@paddock/shared/format';
import { Button, Spinner } from '@paddock/shared/ui';
import { useNavigate } from 'react-router-dom';
import { useAccountStore } from '../../context';
import { useBillingPortal, useSubscriptionPrice } from '../../hooks/useSubscription';
import { discountText, planState, validDiscount } from '../../lib/subscription';
import styles from './Dashboard.module.css';

/** Spec 3 §2.5: Advanced (expiry + Manage Subscription), cancelled (dates), or Basic (Subscribe + offer). */
export function SubscriptionPanel() {
  const state = planState(useAccountStore((s) => s.profile));
  const portal = useBillingPortal();
  const navigate = useNavigate();

  return (
    <section className={styles.card} aria-labelledby="dashboard-plan">
      <h2 id="dashboard-plan" className={styles.cardTitle}>
        {state.kind === 'basic' ? 'Basic plan' : 'Advanced plan'}
      </h2>
      {state.kind === 'active' && (
        <>
          <p className={styles.muted}>
            Your Advanced subscription is active.
            {state.expiresAt && (
              <>
                {' '}
                It renews on <strong>{formatDate(state.expiresAt)}</strong>.
              </>
            )}
          </p>
          <dl className={styles.facts}>
            <dt>Expires</dt>
            <dd>{formatDate(state.expiresAt)}</dd>
          </dl>
          <Button onClick={() => void portal.trigger()} disabled={portal.busy} aria-busy={portal.busy || undefined}>
            {portal.busy ? 'Opening…' : 'Manage Subscription'}
          </Button>
        </>
      )}
      {state.kind === 'cancelled' && (
        <>
          <p className={styles.muted}>
            Your subscription was cancelled. Advanced stays on until it expires, then your account returns to Basic.
          </p>
          <dl className={styles.facts}>
            <dt>Cancelled</dt>
            <dd>{formatDate(state.cancelledAt)}</dd>
            <dt>Expires</dt>
            <dd>{formatDate(state.expiresAt)}</dd>
          </dl>
          <Button variant="secondary" onClick={() => void portal.trigger()} disabled={portal.busy}>
            {portal.busy ? 'Opening…' : 'Manage Subscription'}
          </Button>
        </>
      )}
      {state.kind === 'basic' && (
        <>
          <p className={styles.muted}>
            Unlock NDRE, Thermal and Plant Cell Density calculations and multi-field imagery with Advanced.
          </p>
          <OfferLine />
          <Button onClick={() => void navigate(paths.advanced('subscribe'))}>Subscribe</Button>
        </>
      )}
    </section>
  );
}

/** The discount offer, or the yearly price with GST on top; nothing while loading or when the price failed. */
function OfferLine() {
  const price = useSubscriptionPrice();
  if (price.isPending) return <Spinner label="Loading the price" />;
  if (!price.data) return null;
  const discount = validDiscount(price.data);
  if (discount)
    return (
      <p className={styles.offer}>
        <strong>Discount offer:</strong> {discountText(discount)} —{' '}
        {formatAud(price.data.actualPrice, { prefixed: true })} a year instead of{' '}
        <s>{formatAud(price.data.basePrice, { prefixed: true })}</s> until{' '}
        {formatDate(new Date(discount.expires * 1000).toISOString())}.
      </p>
    );
  if (price.data.tax_rate > 0)
    return (
      <p className={styles.offer}>
        {formatAud(price.data.actualPrice, { prefixed: true })} a year + {price.data.tax_rate}% GST.
      </p>
    );
  return <p className={styles.offer}>{formatAud(price.data.actualPrice, { prefixed: true })} a year.</p>;
}
