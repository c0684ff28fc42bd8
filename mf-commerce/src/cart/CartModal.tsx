import { formatAud, formatHectares } from '@paddock/shared/format';
import { LoadingState, ErrorState, Button } from '@paddock/shared/ui';
import { AppModal } from '@paddock/shared/ui/modal';
import { errorMessage } from '@paddock/shared/api-client';
import { CART_MESSAGES, groupItems, useCart } from './useCart';
import styles from './CartModal.module.css';

interface CartModalProps {
  isOpen: boolean;
  onClose(): void;
  /** 'Proceed to Checkout': the host navigates to /payment. */
  onCheckout(): void;
}

/** Spec 2 §2 'Cart modal': items grouped by type, the total including taxes, clear and checkout. */
export function CartModal({ isOpen, onClose, onCheckout }: CartModalProps) {
  const { cart, remove, clear } = useCart({ enabled: isOpen });
  const items = cart.data?.data ?? [];
  const busy = remove.busy || clear.busy;

  return (
    <AppModal title="Your cart" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isBusy={busy}>
      {cart.isPending ? (
        <LoadingState label="Loading your cart" />
      ) : cart.isError ? (
        <ErrorState
          title="Your cart could not be loaded"
          message={errorMessage(cart.error, 'We could not load your cart.')}
          onRetry={() => void cart.refetch()}
        />
      ) : items.length === 0 ? (
        <p className={styles.empty}>{CART_MESSAGES.empty}</p>
      ) : (
        <div className={styles.cart}>
          {groupItems(items).map((group) => (
            <section key={group.type} aria-labelledby={`cart-group-${group.type}`} className={styles.group}>
              <h3 id={`cart-group-${group.type}`} className={styles.groupTitle}>
                {group.title}
              </h3>
              <ul className={styles.items}>
                {group.items.map((item) => (
                  <li key={item.id} className={styles.item}>
                    <details className={styles.accordion}>
                      <summary className={styles.summary}>
                        <span className={styles.farm}>{item.details.farm_name}</span>
                        <span className={styles.price}>{formatAud(item.price, { prefixed: true })}</span>
                      </summary>
                      <dl className={styles.facts}>
                        <dt>Zones</dt>
                        <dd>{item.details.num_zones}</dd>
                        <dt>Fields</dt>
                        <dd>{item.details.fields.length}</dd>
                        <dt>Area</dt>
                        <dd>{formatHectares(item.details.area)} ha</dd>
                      </dl>
                    </details>
                    <button
                      type="button"
                      className={styles.remove}
                      aria-label={`Remove ${item.details.farm_name} from the cart`}
                      disabled={busy}
                      onClick={() => void remove.trigger(item.id)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <p className={styles.total}>
            <span>Total price including taxes</span>
            <strong>{formatAud(cart.data?.total ?? 0, { prefixed: true })}</strong>
          </p>
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" disabled={busy || items.length === 0} onClick={() => void clear.trigger(undefined)}>
          Clear Cart
        </Button>
        <Button
          disabled={busy || items.length === 0}
          onClick={() => {
            onClose();
            onCheckout();
          }}
        >
          Proceed to Checkout
        </Button>
      </div>
    </AppModal>
  );
}
