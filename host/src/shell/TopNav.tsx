import type { PaddockBus } from '@paddock/shared/bus';
import { isAdvanced, paths, type IdpUser, type Profile } from '@paddock/shared/contracts';
import { Icon } from '@paddock/shared/ui';
import { Avatar } from './Avatar';
import type { NotificationsClient } from './notificationsClient';
import { DeferredMenu } from './DeferredMenu';
import { isLinkActive, navLinks } from './navigation';
import { Link } from './Link';
import styles from './shell.module.css';

export interface TopNavProps {
  pathname: string;
  user: IdpUser;
  profile: Profile;
  cartCount: number;
  /** Unread notifications (change alerts), from the bus. */
  unreadCount?: number;
  notifications?: NotificationsClient;
  bus: PaddockBus;
  onLogout(): void;
}

function AdvancedBadge({ profile }: { profile: Profile }) {
  return isAdvanced(profile) ? (
    <Link href={paths.advanced()} className={`${styles.badge} ${styles.badgeAdvanced}`} aria-label="Advanced plan">
      Advanced
    </Link>
  ) : (
    <Link
      href={paths.advanced()}
      className={`${styles.badge} ${styles.badgeBasic}`}
      aria-label="Basic plan, get Advanced"
    >
      Basic
    </Link>
  );
}

export function TopNav({
  pathname,
  user,
  profile,
  cartCount,
  unreadCount = 0,
  notifications,
  bus,
  onLogout,
}: TopNavProps) {
  // The account's address, not the token's: after an e-mail change the token keeps the old one until it is renewed.
  const signedInAs = { ...user, email: profile.account.email ?? user.email };
  return (
    <nav className={styles.nav} aria-label="Main">
      <DeferredMenu
        menu="mobile"
        label="Open menu"
        className={`${styles.iconButton} ${styles.mobileOnly}`}
        props={{ pathname }}
      >
        <Icon name="menu" size={20} />
      </DeferredMenu>
      <Link href={paths.home} className={styles.brand}>
        <span className={styles.brandMark} aria-hidden="true">
          P
        </span>
        <span className={styles.brandName}>Paddock</span>
      </Link>
      <ul className={styles.links}>
        {navLinks.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className={styles.link}
              aria-current={isLinkActive(link.href, pathname) ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <span className={styles.spacer} />
      <div className={styles.actions}>
        <AdvancedBadge profile={profile} />
        <DeferredMenu menu="add" label="Add" className={styles.iconButton} props={{}}>
          <Icon name="plus" size={20} />
          <span className={styles.desktopOnly}>Add</span>
        </DeferredMenu>
        {notifications && (
          <DeferredMenu
            menu="notifications"
            label={`Notifications, ${unreadCount} unread`}
            className={styles.iconButton}
            props={{ client: notifications, unread: unreadCount }}
          >
            <Icon name="bell" size={20} />
            {unreadCount > 0 && (
              <span className={styles.count} aria-hidden="true" data-testid="unread-count">
                {unreadCount}
              </span>
            )}
          </DeferredMenu>
        )}
        <button
          type="button"
          className={styles.iconButton}
          aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          onClick={() => bus.emit('paddock:cart-open', {})}
        >
          <Icon name="cart" size={20} />
          {cartCount > 0 && (
            <span className={styles.count} aria-hidden="true">
              {cartCount}
            </span>
          )}
        </button>
        <DeferredMenu
          menu="profile"
          label="Profile menu"
          className={styles.iconButton}
          props={{ user: signedInAs, onLogout }}
        >
          <Avatar user={signedInAs} />
        </DeferredMenu>
      </div>
    </nav>
  );
}
