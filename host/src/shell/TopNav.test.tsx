import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBus } from '@paddock/shared/bus';
import { makeProfile } from '@paddock/shared/testing';
import { TopNav } from './TopNav';

const profile = (tier: 'basic' | 'premium') =>
  makeProfile(
    { terms_accepted_version: 'v1' },
    { tier: { key: tier, name: tier === 'premium' ? 'Advanced' : 'Basic' } },
  );
const user = { sub: 'auth0|1', email: 'ada@example.com', nickname: 'ada' };

function renderNav(overrides: Partial<Parameters<typeof TopNav>[0]> = {}) {
  const bus = createBus(window);
  const onLogout = jest.fn();
  render(
    <TopNav
      pathname="/farms"
      user={user}
      profile={profile('basic')}
      cartCount={0}
      bus={bus}
      onLogout={onLogout}
      {...overrides}
    />,
  );
  return { bus, onLogout };
}

beforeEach(() => window.history.replaceState(null, '', '/farms'));

describe('TopNav', () => {
  it('shows the four links and marks the current one', () => {
    renderNav();
    const links = screen
      .getAllByRole('link')
      .filter((a) => ['Home', 'Farms', 'Orders', 'Store'].includes(a.textContent ?? ''));
    expect(links.map((a) => a.textContent)).toEqual(['Home', 'Farms', 'Orders', 'Store']);
    expect(screen.getByRole('link', { name: 'Farms' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Orders' })).not.toHaveAttribute('aria-current');
  });

  it('navigates in place through history, telling every router with a popstate', async () => {
    renderNav();
    const popstates: string[] = [];
    window.addEventListener('popstate', () => popstates.push(window.location.pathname));
    await userEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(window.location.pathname).toBe('/order');
    expect(popstates).toContain('/order');
  });

  it('shows the advanced badge from the profile tier', () => {
    renderNav({ profile: profile('premium') });
    expect(screen.getByRole('link', { name: 'Advanced plan' })).toHaveTextContent('Advanced');
  });

  it('offers Basic users the way to Advanced', () => {
    renderNav();
    expect(screen.getByRole('link', { name: /Basic plan/ })).toHaveAttribute('href', '/advanced');
  });

  it('emits the cart-open event and shows the cart count', async () => {
    const { bus } = renderNav({ cartCount: 2 });
    const opened = jest.fn();
    bus.on('paddock:cart-open', opened);
    await userEvent.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('opens the add menu on first click and its entries navigate to their routes with state', async () => {
    renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Create New Farm',
      'Order High-Resolution Imagery',
      'Book Rapid-EM',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create New Farm' }));
    expect(window.location.pathname).toBe('/farms');
    expect((window.history.state as { usr: unknown }).usr).toEqual({ createFarm: true });
  });

  it('profile menu offers Profile Settings and Log Out', async () => {
    const { onLogout } = renderNav();
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Profile Settings' }));
    expect(`${window.location.pathname}${window.location.hash}`).toBe('/settings#profile');

    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Log Out' }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });

  it('names the account by its current e-mail, not the one the sign-in token still carries', async () => {
    renderNav({
      profile: makeProfile(
        { terms_accepted_version: 'v1', email: 'ada.new@example.com' },
        { tier: { key: 'basic', name: 'Basic' } },
      ),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    const menu = (await screen.findByRole('menuitem', { name: 'Profile Settings' })).closest('[role="menu"]');
    expect(menu).toHaveTextContent('ada.new@example.com');
    expect(menu).not.toHaveTextContent('ada@example.com');
  });

  it('opens a menu from the keyboard with the arrow key', async () => {
    renderNav();
    screen.getByRole('button', { name: 'Add' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('menu', { name: 'Add' })).toBeInTheDocument();
  });

  it('opens the notifications bell on first click (its list is loaded apart from the other menus)', async () => {
    const notifications = {
      list: jest.fn().mockResolvedValue({ notifications: [], unread_count: 0 }),
      read: jest.fn(),
      readAll: jest.fn(),
      refresh: jest.fn(),
    };
    renderNav({ notifications, unreadCount: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Notifications, 0 unread' }));
    expect(await screen.findByRole('menu')).toHaveTextContent(/No notifications yet/);
    expect(notifications.list).toHaveBeenCalledTimes(1);
  });
});
