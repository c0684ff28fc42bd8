import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { paths, type CartModule, type MfProps } from '@paddock/shared/contracts';
import { goTo } from '@paddock/shared/ui';
import { CommerceProvider } from '../context';
import { CartModal } from './CartModal';
import { useCart } from './useCart';

/** Always mounted: keeps the nav's count current and opens the modal on `paddock:cart-open`. */
export function CartRoot({ props }: { props: MfProps }) {
  const [open, setOpen] = useState(false);
  const { cart } = useCart({ announce: true });
  const { refetch } = cart;
  useEffect(
    () =>
      props.bus.on('paddock:cart-open', () => {
        setOpen(true);
        void refetch();
      }),
    [props.bus, refetch],
  );
  return (
    <CartModal isOpen={open} onClose={() => setOpen(false)} onCheckout={() => goTo(props.basename, paths.payment)} />
  );
}

export const mountCart: CartModule['mountCart'] = (element, { props }) => {
  const root = createRoot(element);
  root.render(
    <CommerceProvider props={props}>
      <CartRoot props={props} />
    </CommerceProvider>,
  );
  return () => root.unmount();
};
