import { useState, type ComponentProps, type ComponentType, type KeyboardEvent, type ReactNode } from 'react';
import type * as Menus from './menus';
import type { NotificationsMenu } from './NotificationsMenu';

/** Each menu's props, by the name TopNav gives it. */
interface MenuProps {
  mobile: ComponentProps<typeof Menus.MobileMenu>;
  add: Record<string, never>;
  profile: ComponentProps<typeof Menus.ProfileMenu>;
  notifications: ComponentProps<typeof NotificationsMenu>;
}
type MenuName = keyof MenuProps;

const loadMenus = () => import(/* webpackChunkName: "nav-menus" */ './menus');

/**
 * Where each menu's implementation is fetched from. The bell's list is a chunk of its own: its dates
 * bring luxon (21.5 KB gzip), which the other menus have no use for. react-aria is split out by
 * webpack into a chunk both share.
 */
const loaders: { [Name in MenuName]: () => Promise<ComponentType<MenuProps[Name]>> } = {
  mobile: () => loadMenus().then((menus) => menus.MobileMenu),
  add: () => loadMenus().then((menus) => menus.AddMenu),
  profile: () => loadMenus().then((menus) => menus.ProfileMenu),
  notifications: () =>
    import(/* webpackChunkName: "nav-notifications" */ './NotificationsMenu').then((bell) => bell.NotificationsMenu),
};

/**
 * A nav menu whose accessible implementation (react-aria) is fetched on first use, keeping it out
 * of the JS the shell needs before anything shows. Until then it is a plain menu button; the first
 * click or arrow key loads the menu and opens it.
 */
export function DeferredMenu<Name extends MenuName>({
  menu,
  props,
  label,
  className,
  children,
}: {
  menu: Name;
  props: MenuProps[Name];
  label: string;
  className?: string;
  children: ReactNode;
}) {
  // Held in an object: a component is a function, which useState's setter would call as an updater.
  const [loaded, setLoaded] = useState<{ Menu: ComponentType<MenuProps[Name]> } | null>(null);
  const [loading, setLoading] = useState(false);

  const open = () => {
    if (loading) return;
    setLoading(true);
    loaders[menu]().then(
      (Menu) => setLoaded({ Menu }),
      () => setLoading(false),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open();
    }
  };

  if (loaded) return <loaded.Menu {...props} />;
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
