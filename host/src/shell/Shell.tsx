import { useEffect, useRef } from 'react';
import type { PaddockBus } from '@paddock/shared/bus';
import { Toaster } from '@paddock/shared/ui';
import { areaForPath } from '../areas/routeTable';
import { useShellStore } from '../state/shellStore';
import { NotFound } from './NotFound';
import { TopNav } from './TopNav';
import type { NotificationsClient } from './notificationsClient';
import styles from './shell.module.css';

export interface ShellProps {
  bus: PaddockBus;
  onLogout(): void;
  /** The bell's list and marks (the count comes from the bus). */
  notifications?: NotificationsClient;
  /** Receives the element that area containers are attached to (outside React's control). */
  onAreasElement(element: HTMLElement): void;
}

export function Shell({ bus, onLogout, onAreasElement, notifications }: ShellProps) {
  const { user, profile, cartCount, unreadCount, pathname } = useShellStore();
  const areasRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (areasRef.current) onAreasElement(areasRef.current);
  }, [onAreasElement]);

  if (!user || !profile) return null;
  return (
    <>
      <TopNav
        pathname={pathname}
        user={user}
        profile={profile}
        cartCount={cartCount}
        unreadCount={unreadCount}
        notifications={notifications}
        bus={bus}
        onLogout={onLogout}
      />
      <main className={styles.main} id="main">
        {!areaForPath(pathname) && <NotFound />}
        <div ref={areasRef} />
      </main>
      <Toaster bus={bus} />
    </>
  );
}
