import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppNotification } from '@paddock/shared/contracts';
import { NotificationsMenu } from './menus';
import type { NotificationsClient } from './notificationsClient';

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

describe('the bell', () => {
  it('words a follow-up given to the reader and opens the farm map on its note', async () => {
    const client: NotificationsClient = {
      list: jest.fn(async () => ({ unread_count: 1, notifications: [followUp] })),
      read: jest.fn(async () => undefined),
      readAll: jest.fn(async () => undefined),
      refresh: jest.fn(async () => undefined),
    };
    render(<NotificationsMenu client={client} unread={1} />);
    const item = await screen.findByRole('menuitem', {
      name: /^● Follow-up from Sam Agronomist: disease in North \(Kurrajong Downs\), seen 20 Nov 2026 by 5 Dec 2026$/,
    });
    expect(screen.getByText('Changes and follow-ups')).toBeInTheDocument();
    await userEvent.setup().click(item);
    expect(client.read).toHaveBeenCalledWith('n1');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/farms/farm-1?note=note-1');
  });
});
