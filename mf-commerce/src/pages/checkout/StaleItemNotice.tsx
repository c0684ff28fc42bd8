import { paths, type CartItem } from '@paddock/shared/contracts';
import { Button, ErrorState, goTo } from '@paddock/shared/ui';
import { useCommerce } from '../../context';
import { useCart } from '../../cart/useCart';

/** The zoning items a checkout refusal names (the server quotes the farm: "…on 'Riverbend' have changed…"). */
export function itemsNamedIn(message: string, items: readonly CartItem[]): CartItem[] {
  return items.filter((item) => item.item_type === 'zoning' && message.includes(`'${item.details.farm_name}'`));
}

/**
 * A checkout the server refused because a cart item is out of date (its fields changed since it was
 * added): the server's words, and for each item it names the way back — remove it and create its
 * zones again on the farm's map.
 */
export function StaleItemNotice({
  message,
  items,
  cartCount,
}: {
  message: string;
  items: readonly CartItem[];
  /** How many items the cart holds: the nav is told one fewer before the page leaves. */
  cartCount: number;
}) {
  const { basename, bus } = useCommerce();
  const { remove } = useCart();
  return (
    <ErrorState title="Your cart needs a change before you pay" message={message}>
      {items.map((item) => (
        <Button
          key={item.id}
          disabled={remove.busy}
          onClick={() =>
            void remove.trigger(item.id).then((removed) => {
              if (!removed) return;
              bus.emit('paddock:cart-changed', { count: cartCount - 1 });
              goTo(basename, paths.farmMap(item.details.farm_id));
            })
          }
        >
          {`Create the zones of ${item.details.farm_name} again`}
        </Button>
      ))}
    </ErrorState>
  );
}
