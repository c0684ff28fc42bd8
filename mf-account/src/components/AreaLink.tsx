import type { AnchorHTMLAttributes } from 'react';
import { productPath } from '@paddock/shared/contracts';
import { goTo } from '@paddock/shared/ui';
import { useAccount } from '../context';

/** A link to another area's path (its own router): a real href, followed with `goTo` and its state. */
export function AreaLink({
  to,
  state,
  ...rest
}: { to: string; state?: unknown } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const { basename } = useAccount();
  return (
    <a
      href={productPath(basename, to)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        goTo(basename, to, state);
      }}
      {...rest}
    />
  );
}
