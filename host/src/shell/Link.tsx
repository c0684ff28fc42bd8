import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateTo } from '@paddock/shared/ui';

/** An in-app link: a real anchor (open in new tab works) that navigates without a page load. */
export function Link({
  href,
  state,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; state?: unknown }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigateTo(href, state);
  };
  return <a href={href} onClick={handleClick} {...rest} />;
}
