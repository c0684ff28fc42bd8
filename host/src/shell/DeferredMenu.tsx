import { useState, type ComponentProps, type KeyboardEvent, type ReactNode } from 'react';
import type * as Menus from './menus';

type Loaded = typeof Menus;
type WhichMenu =
  | { menu: 'mobile'; props: ComponentProps<typeof Menus.MobileMenu> }
  | { menu: 'add'; props: Record<string, never> }
  | { menu: 'profile'; props: ComponentProps<typeof Menus.ProfileMenu> }
  | { menu: 'notifications'; props: ComponentProps<typeof Menus.NotificationsMenu> };

function LoadedMenu({ loaded, which }: { loaded: Loaded; which: WhichMenu }) {
  switch (which.menu) {
    case 'mobile':
      return <loaded.MobileMenu {...which.props} />;
    case 'add':
      return <loaded.AddMenu />;
    case 'profile':
      return <loaded.ProfileMenu {...which.props} />;
    case 'notifications':
      return <loaded.NotificationsMenu {...which.props} />;
  }
}

const loadMenus = () => import(/* webpackChunkName: "nav-menus" */ './menus');

/**
 * A nav menu whose accessible implementation (react-aria) is fetched on first use, keeping it out
 * of the JS the shell needs before anything shows. Until then it is a plain menu button; the first
 * click or arrow key loads the menu and opens it.
 */
export function DeferredMenu({
  label,
  className,
  children,
  ...which
}: WhichMenu & {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);

  const open = () => {
    if (loading) return;
    setLoading(true);
    loadMenus().then(setLoaded, () => setLoading(false));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  };

  if (loaded) return <LoadedMenu loaded={loaded} which={which as WhichMenu} />;
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded="false"
      aria-busy={loading}
      onClick={open}
      onKeyDown={onKeyDown}
    >
      {children}
    </button>
  );
}
