import type { Key } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import { paths, type IdpUser } from '@paddock/shared/contracts';
import { Icon, navigateTo } from '@paddock/shared/ui';
import { addMenuItems, isLinkActive, navLinks } from './navigation';
import { Avatar } from './Avatar';
import styles from './shell.module.css';

// The accessible menus (react-aria) are loaded on first use, not with the shell: see DeferredMenu.
// The bell's list is in NotificationsMenu.tsx, a chunk of its own: it alone needs luxon (dates).

export function MobileMenu({ pathname }: { pathname: string }) {
  return (
    <MenuTrigger defaultOpen>
      <Button className={`${styles.iconButton} ${styles.mobileOnly}`} aria-label="Open menu">
        <Icon name="menu" size={20} />
      </Button>
      <Popover placement="bottom start">
        <Menu
          className={styles.menu}
          aria-label="Main menu"
          autoFocus="first"
          onAction={(key) => navigateTo(String(key))}
        >
          {navLinks.map((link) => (
            <MenuItem
              key={link.href}
              id={link.href}
              className={styles.menuItem}
              aria-current={isLinkActive(link.href, pathname) ? 'page' : undefined}
            >
              {link.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function AddMenu() {
  const onAction = (key: Key) => {
    const item = addMenuItems.find((entry) => entry.id === key);
    if (item) navigateTo(item.href, item.state);
  };
  return (
    <MenuTrigger defaultOpen>
      <Button className={styles.iconButton} aria-label="Add">
        <Icon name="plus" size={20} />
        <span className={styles.desktopOnly}>Add</span>
      </Button>
      <Popover placement="bottom end">
        <Menu className={styles.menu} aria-label="Add" autoFocus="first" onAction={onAction}>
          {addMenuItems.map((item) => (
            <MenuItem key={item.id} id={item.id} className={styles.menuItem}>
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function ProfileMenu({ user, onLogout }: { user: IdpUser; onLogout(): void }) {
  const onAction = (key: Key) => {
    if (key === 'settings') navigateTo(paths.settings('profile'));
    if (key === 'logout') onLogout();
  };
  return (
    <MenuTrigger defaultOpen>
      <Button className={styles.iconButton} aria-label="Profile menu">
        <Avatar user={user} />
      </Button>
      <Popover placement="bottom end">
        <Menu className={styles.menu} aria-label="Profile" autoFocus="first" onAction={onAction}>
          <MenuSection>
            <Header className={styles.menuHeader}>{user.email ?? user.nickname}</Header>
            <MenuItem id="settings" className={styles.menuItem}>
              Profile Settings
            </MenuItem>
            <MenuItem id="logout" className={styles.menuItem}>
              Log Out
            </MenuItem>
          </MenuSection>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
