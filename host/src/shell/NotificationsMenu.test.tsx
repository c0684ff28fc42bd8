import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compareLink, type AppNotification } from '@paddock/shared/contracts';
import type { NotificationsClient } from './notificationsClient';
import { NotificationsMenu } from './NotificationsMenu';

type ChangeNotification = Extract<AppNotification, { kind: 'field_change' }>;

const drop = (overrides: Partial<ChangeNotification> = {}): ChangeNotification => ({
  id: 'n-1',
  kind: 'field_change',
  farm_id: 'farm-1',
  field_id: 'field-1',
  field_name: 'Home Paddock',
  farm_name: 'Riverina',
  algorithm: 'NDVI',
  earlier_date: '2026-11-21',
  later_date: '2026-11-26',
  mean_change: -0.14,
  percent_down: 22,
  created_on: '2026-11-26T20:00:00Z',
  read: false,
  ...overrides,
});

function fakeClient(list: AppNotification[] | Error): jest.Mocked<NotificationsClient> {
  return {
    list: jest.fn(() =>
      list instanceof Error
        ? Promise.reject(list)
        : Promise.resolve({ notifications: list, unread_count: list.filter((item) => !item.read).length }),
    ),
    read: jest.fn().mockResolvedValue(undefined),
    readAll: jest.fn().mockResolvedValue(undefined),
    refresh: jest.fn().mockResolvedValue(undefined),
  };
}

const followUp: AppNotification = {
  id: 'n1',
  kind: 'scouting_follow_up',
  farm_id: 'farm-1',
  farm_name: 'Kurrajong Downs',
  note_id: 'note-1',
  field_name: 'North',
  category: 'disease',
  observed_on: '2026-11-20',
  due_date: '2026-12-05',
  assigned_by: 'Sam Agronomist',
  created_on: '2026-11-21T00:00:00.000Z',
  read: false,
};

describe('the notifications bell', () => {
  beforeEach(() => window.history.pushState(null, '', '/'));

  it('lists each drop with its field, farm, change and dates, and opens the map comparing the two dates', async () => {
    const client = fakeClient([drop(), drop({ id: 'n-2', field_name: 'Creek Flat', read: true })]);
    render(<NotificationsMenu client={client} unread={1} />);
    const item = await screen.findByRole('menuitem', { name: /Home Paddock \(Riverina\): NDVI -0\.14 from/ });
    expect(item).toHaveTextContent('21 Nov 2026');
    expect(item).toHaveTextContent('26 Nov 2026');
    expect(screen.getByRole('menuitem', { name: /Creek Flat/ })).toBeInTheDocument();
    // The bell sits under the open menu's modal layer (hidden from the accessibility tree meanwhile).
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();

    await userEvent.click(item);
    expect(client.read).toHaveBeenCalledWith('n-1');
    const link = compareLink({
      farmId: 'farm-1',
      fieldId: 'field-1',
      algorithm: 'NDVI',
      earlierDate: '2026-11-21',
      laterDate: '2026-11-26',
    });
    expect(`${window.location.pathname}${window.location.search}`).toBe(link);
  });

  it('marks all as read, and offers it only while something is unread', async () => {
    const client = fakeClient([drop()]);
    const { unmount } = render(<NotificationsMenu client={client} unread={1} />);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    expect(client.readAll).toHaveBeenCalledTimes(1);
    unmount();

    render(<NotificationsMenu client={fakeClient([drop({ read: true })])} unread={0} />);
    expect(await screen.findByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says so when there is nothing yet, and when the list cannot be loaded', async () => {
    const { unmount } = render(<NotificationsMenu client={fakeClient([])} unread={0} />);
    expect(await screen.findByText(/No notifications yet/)).toBeInTheDocument();
    unmount();
    render(<NotificationsMenu client={fakeClient(new Error('down'))} unread={0} />);
    expect(await screen.findByText('Notifications could not be loaded. Try again in a moment.')).toBeInTheDocument();
  });

  it('words a follow-up given to the reader and opens the farm map on its note', async () => {
    const client = fakeClient([followUp]);
    render(<NotificationsMenu client={client} unread={1} />);
    const item = await screen.findByRole('menuitem', {
      name: /^● Follow-up from Sam Agronomist: disease in North \(Kurrajong Downs\), seen 20 Nov 2026 by 5 Dec 2026$/,
    });
    expect(screen.getByText('Changes and follow-ups')).toBeInTheDocument();
    await userEvent.click(item);
    expect(client.read).toHaveBeenCalledWith('n1');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/farms/farm-1?note=note-1');
  });
});
