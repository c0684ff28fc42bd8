import type { CartItem, CartResponse } from '@paddock/shared/contracts';
import { queryKeys, useAction, useQuery } from '@paddock/shared/query';
import { useEffect } from 'react';
import { useCommerce } from '../context';

/** Spec 2 §8 (wording corrected in the spec README). */
export const CART_MESSAGES = {
  removed: 'Item removed successfully!',
  cleared: 'Your cart items were removed successfully',
  empty: 'You have no items in your cart',
} as const;

/** Item groups in the order the cart and the checkout show them. */
export const CART_GROUPS: ReadonlyArray<{ type: CartItem['item_type']; title: string }> = [
  { type: 'zoning', title: 'VRT Zoning' },
  { type: 'stack', title: 'Stack' },
];

export function groupItems(items: readonly CartItem[]) {
  return CART_GROUPS.map((group) => ({
    ...group,
    items: items.filter((item) => item.item_type === group.type),
  })).filter((group) => group.items.length > 0);
}

/**
 * The cart (server data) and its two actions. `announce`: this component tells the nav the count
 * whenever it is known (one per mount, so the count is not sent twice).
 */
export function useCart({ enabled = true, announce = false }: { enabled?: boolean; announce?: boolean } = {}) {
  const { cartApi, bus } = useCommerce();
  const cart = useQuery<CartResponse>({
    queryKey: queryKeys.cart.items(),
    queryFn: () => cartApi.getCart(),
    enabled,
    meta: { errorToast: 'We could not load your cart.' },
  });
  const count = cart.data?.data.length;
  useEffect(() => {
    if (announce && count !== undefined) bus.emit('paddock:cart-changed', { count });
  }, [announce, bus, count]);

  const remove = useAction({
    run: (id: string) => cartApi.removeItem(id),
    success: CART_MESSAGES.removed,
    invalidates: [queryKeys.cart.all],
  });
  const clear = useAction({
    run: () => cartApi.clearCart(),
    success: CART_MESSAGES.cleared,
    invalidates: [queryKeys.cart.all],
  });
  return { cart, remove, clear };
}
