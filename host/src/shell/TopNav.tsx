import { Button, Menu, MenuItem, MenuTrigger, Popover, Section, Header } from 'react-aria-components';
import { isAdvanced, type IdpUser, type Profile } from '@paddock/shared/contracts';
import type { PaddockBus } from '@paddock/shared/bus';
import { navigateTo } from '@paddock/shared/ui';
import { addMenuItems, isLinkActive, navLinks } from './navigation';
import { Link } from './Link';
import styles from './shell.module.css';

export interface TopNavProps {
  pathname: string;
  user: IdpUser;
  profile: Profile;
  cartCount: number;
  bus: PaddockBus;
  onLogout(): void;
}

function initials(user: IdpUser): string {
  return (user.nickname ?? user.email ?? '?').slice(0, 1).toUpperCase();
}

function AdvancedBadge({ profile }: { profile: Profile }) {
  return isAdvanced(profile) ? (
    <Link href="/advanced" className={`${styles.badge} ${styles.badgeAdvanced}`} aria-label="Advanced plan">Advanced</Link>
  ) : (
    <Link href="/advanced" className={`${styles.badge} ${styles.badgeBasic}`} aria-label="Basic plan, get Advanced">Basic</Link>
  );
}

function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <MenuTrigger>
      <Button className={`${styles.iconButton} ${styles.mobileOnly}`} aria-label="Open menu">☰</Button>
      <Popover placement="bottom start">
        <Menu className={styles.menu} aria-label="Main menu" onAction={(key) => navigateTo(String(key))}>
          {navLinks.map((link) => (
            <MenuItem key={link.href} id={link.href} className={styles.menuItem} aria-current={isLinkActive(link.href, pathname) ? 'page' : undefined}>
              {link.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function AddMenu() {
  const onAction = (key: React.Key) => {
    const item = addMenuItems.find((entry) => entry.id === key);
    if (item) navigateTo(item.href, item.state);
  };
  return (
    <MenuTrigger>
      <Button className={styles.iconButton} aria-label="Add">＋<span className={styles.desktopOnly}>Add</span></Button>
      <Popover placement="bottom end">
        <Menu className={styles.menu} aria-label="Add" onAction={onAction}>
          {addMenuItems.map((item) => (
            <MenuItem key={item.id} id={item.id} className={styles.menuItem}>{item.label}</MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

function ProfileMenu({ user, onLogout }: { user: IdpUser; onLogout(): void }) {
  const onAction = (key: React.Key) => {
    if (key === 'settings') navigateTo('/settings#profile');
    if (key === 'logout') onLogout();
  };
  return (
    <MenuTrigger>
      <Button className={styles.iconButton} aria-label="Profile menu">
        {user.picture ? <img className={styles.avatar} src={user.picture} alt="" /> : <span className={styles.avatar}>{initials(user)}</span>}
      </Button>
      <Popover placement="bottom end">
        <Menu className={styles.menu} aria-label="Profile" onAction={onAction}>
          <Section>
            <Header className={styles.menuHeader}>{user.email ?? user.nickname}</Header>
            <MenuItem id="settings" className={styles.menuItem}>Profile Settings</MenuItem>
            <MenuItem id="logout" className={styles.menuItem}>Log Out</MenuItem>
          </Section>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function TopNav({ pathname, user, profile, cartCount, bus, onLogout }: TopNavProps) {
  return (
    <nav className={styles.nav} aria-label="Main">
      <MobileMenu pathname={pathname} />
      <Link href="/" className={styles.brand}>
        <span className={styles.brandMark} aria-hidden="true">P</span>
        Paddock
      </Link>
      <ul className={styles.links}>
        {navLinks.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className={styles.link} aria-current={isLinkActive(link.href, pathname) ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <span className={styles.spacer} />
      <div className={styles.actions}>
        <AdvancedBadge profile={profile} />
        <AddMenu />
        <button type="button" className={styles.iconButton} aria-label={`Cart, ${cartCount} items`} onClick={() => bus.emit('paddock:cart-open', {})}>
          🛒
          {cartCount > 0 && <span className={styles.count} aria-hidden="true">{cartCount}</span>}
        </button>
        <ProfileMenu user={user} onLogout={onLogout} />
      </div>
    </nav>
  );
}
