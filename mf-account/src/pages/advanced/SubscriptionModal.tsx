import { useNavigate } from 'react-router-dom';
import { isAdvanced, paths } from '@paddock/shared/contracts';
import { Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { useAccountStore } from '../../context';
import { Checkout } from './Checkout';
import styles from './Advanced.module.css';

/** Spec 3 §2.13, §4: the checkout for a Basic user; 'You are now on Advanced' once premium. */
export function SubscriptionModal({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(open: boolean): void }) {
  const premium = useAccountStore((state) => isAdvanced(state.profile));
  const navigate = useNavigate();
  return (
    <AppModal
      title={premium ? 'You are now on Advanced' : 'Subscribe to Advanced'}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
    >
      {premium ? (
        <div className={styles.success}>
          <div className={styles.successMark} aria-hidden="true" />
          <p>NDRE, Thermal and Plant Cell Density, multi-field imagery and every advanced calculation are unlocked.</p>
          <div className={styles.successActions}>
            <Button
              onClick={() => {
                onOpenChange(false);
                void navigate(paths.dashboard);
              }}
            >
              Go to Dashboard
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                onOpenChange(false);
                void navigate(paths.advanced());
              }}
            >
              Back to Advanced
            </Button>
          </div>
        </div>
      ) : (
        <Checkout />
      )}
    </AppModal>
  );
}
