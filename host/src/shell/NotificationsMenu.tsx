import type { Key } from 'react';
import { useEffect, useState } from 'react';
import { Button, Header, Menu, MenuItem, MenuSection, MenuTrigger, Popover } from 'react-aria-components';
import type { AppNotification } from '@paddock/shared/contracts';
// From the zod-free modules, not the contracts entry point: compare.ts and scouting.ts hold top-level
// zod schemas the bundler cannot drop, and they brought zod (26 KB gzip) into the first menu click.
import { compareLink } from '@paddock/shared/contracts/compare-links';
import { SCOUTING_CATEGORY_LABELS } from '@paddock/shared/contracts/scouting-labels';
import { scoutingNoteLink } from '@paddock/shared/contracts/scouting-links';
import { formatDate } from '@paddock/shared/format';
import { Icon, navigateTo } from '@paddock/shared/ui';
import type { NotificationsClient } from './notificationsClient';
import styles from './shell.module.css';

// Loaded on the bell's first use, apart from the other menus (see DeferredMenu): its dates bring
// luxon (21.5 KB gzip), which opening the add, profile or phone menu has no use for.

const READ_ALL = 'read-all';

/**
 * A notification in words: a change alert (which paddock, how much it dropped, between which dates)
 * or a scouting follow-up given to the reader (what was seen where, by when, and who asked).
 */
function notificationText(notification: AppNotification): string {
  if (notification.kind === 'scouting_follow_up') {
    const where = notification.field_name
      ? `${notification.field_name} (${notification.farm_name})`
      : notification.farm_name;
    const due = notification.due_date ? ` by ${formatDate(notification.due_date)}` : '';
    const by = notification.assigned_by ? ` from ${notification.assigned_by}` : '';
    return `Follow-up${by}: ${SCOUTING_CATEGORY_LABELS[notification.category].toLowerCase()} in ${where}, seen ${formatDate(notification.observed_on)}${due}`;
  }
  const change = notification.mean_change.toFixed(2);
  return `${notification.field_name} (${notification.farm_name}): ${notification.algorithm} ${change} from ${formatDate(notification.earlier_date)} to ${formatDate(notification.later_date)}`;
}

/** Where a notification opens: the map comparing an alert's two dates, or the farm map on a note. */
function notificationLink(notification: AppNotification): string {
  if (notification.kind === 'scouting_follow_up') return scoutingNoteLink(notification.farm_id, notification.note_id);
  return compareLink({
    farmId: notification.farm_id,
    fieldId: notification.field_id,
    algorithm: notification.algorithm,
    earlierDate: notification.earlier_date,
    laterDate: notification.later_date,
  });
}

/** The bell's list (loaded on first use): each opens the map where it happened. */
export function NotificationsMenu({ client, unread }: { client: NotificationsClient; unread: number }) {
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; list: AppNotification[] }
  >({
    kind: 'loading',
  });
  useEffect(() => {
    let live = true;
    client.list().then(
      (answer) => live && setState({ kind: 'ready', list: answer.notifications }),
      () => live && setState({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [client]);
  const list = state.kind === 'ready' ? state.list : [];
  const onAction = (key: Key) => {
    if (key === READ_ALL) {
      void client.readAll();
      return;
    }
    const notification = list.find((item) => item.id === key);
    if (!notification) return;
    if (!notification.read) void client.read(notification.id);
    navigateTo(notificationLink(notification));
  };
  const empty =
    state.kind === 'loading'
      ? 'Loading notifications…'
      : state.kind === 'error'
        ? 'Notifications could not be loaded. Try again in a moment.'
        : 'No notifications yet. We tell you here when a paddock drops since its last clear image.';
  return (
    <MenuTrigger defaultOpen>
      <Button className={styles.iconButton} aria-label={`Notifications, ${unread} unread`}>
        <Icon name="bell" size={20} />
        {unread > 0 && (
          <span className={styles.count} aria-hidden="true">
            {unread}
          </span>
        )}
      </Button>
      <Popover placement="bottom end">
        <Menu
          className={`${styles.menu} ${styles.notifications}`}
          aria-label="Notifications"
          autoFocus="first"
          onAction={onAction}
          renderEmptyState={() => <p className={styles.menuHeader}>{empty}</p>}
        >
          {list.length > 0 && (
            <MenuSection>
              <Header className={styles.menuHeader}>
                {list.every((item) => item.kind === 'field_change')
                  ? 'Changes since the last clear image'
                  : 'Changes and follow-ups'}
              </Header>
              {list.map((notification) => (
                <MenuItem
                  key={notification.id}
                  id={notification.id}
                  className={styles.menuItem}
                  textValue={notificationText(notification)}
                  data-unread={notification.read ? undefined : true}
                >
                  {notification.read ? '' : '● '}
                  {notificationText(notification)}
                </MenuItem>
              ))}
              <MenuItem id={READ_ALL} className={styles.menuItem} isDisabled={unread === 0}>
                Mark all as read
              </MenuItem>
            </MenuSection>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
