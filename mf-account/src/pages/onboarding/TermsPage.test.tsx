import { act, screen, waitFor } from '@testing-library/react';
import { makeProfile } from '@paddock/shared/testing';
import { renderAccount, toastMessages, type Routes } from '../../testing/harness';

const ROUTE = '/getting-started/terms-and-conditions';
const accepted = makeProfile({ first_name: 'Jane', terms_accepted_version: 'v1' });
const ok: Routes = { 'PATCH /v2/accounts/profile': { status: 200, body: { data: accepted } } };

const startButton = () => screen.getByRole('button', { name: 'Start using Paddock' });

async function tickBoth(ui: ReturnType<typeof renderAccount>['ui']) {
  await ui.click(screen.getByRole('switch', { name: 'I have read and agree to the terms and conditions.' }));
  await ui.click(screen.getByRole('switch', { name: /information collection notice/ }));
}

beforeEach(() => window.history.replaceState(null, '', ROUTE));
afterEach(() => jest.useRealTimers());

describe('terms and conditions', () => {
  it('keeps the button disabled until both agreements are ticked', async () => {
    const { ui } = renderAccount({ route: ROUTE, routes: ok });
    expect(startButton()).toBeDisabled();
    await ui.click(screen.getByRole('switch', { name: /information collection notice/ }));
    expect(startButton()).toBeDisabled();
    await ui.click(screen.getByRole('switch', { name: 'I have read and agree to the terms and conditions.' }));
    expect(startButton()).toBeEnabled();
  });

  it('accepts terms v1, tells the host and goes to the dashboard after 3 seconds', async () => {
    jest.useFakeTimers();
    const { ui, server, toasts, profileEvents } = renderAccount({
      route: ROUTE,
      routes: ok,
      advanceTimers: jest.advanceTimersByTime,
    });
    await tickBoth(ui);
    await ui.click(startButton());

    await waitFor(() =>
      expect(toastMessages(toasts)).toEqual(['Profile successfully saved! Redirecting to Dashboard...']),
    );
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PATCH /v2/accounts/profile']);
    expect(server.requests[0]?.body).toEqual({ data: { terms_accepted_version: 'v1' } });
    expect(profileEvents).toEqual([{ profile: accepted }]);
    expect(startButton).toThrow(); // the countdown replaces the button: no second submit

    act(() => jest.advanceTimersByTime(2900));
    expect(window.location.pathname).toBe(ROUTE);
    act(() => jest.advanceTimersByTime(100));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('goes to the dashboard after 3 seconds even when the save fails', async () => {
    jest.useFakeTimers();
    const failing: Routes = {
      'PATCH /v2/accounts/profile': { status: 422, body: { detail: [{ loc: ['body'], msg: 'bad', type: 'x' }] } },
    };
    const { ui, toasts, profileEvents } = renderAccount({
      route: ROUTE,
      routes: failing,
      advanceTimers: jest.advanceTimersByTime,
    });
    await tickBoth(ui);
    await ui.click(startButton());

    await waitFor(() => expect(toastMessages(toasts)).toEqual(['Something went wrong! Redirecting to Dashboard...']));
    expect(toasts[0]?.kind).toBe('error');
    expect(profileEvents).toEqual([]);
    act(() => jest.advanceTimersByTime(2900));
    expect(window.location.pathname).toBe(ROUTE);
    act(() => jest.advanceTimersByTime(100));
    expect(window.location.pathname).toBe('/dashboard');
  });

  it('lets the user skip the wait', async () => {
    const { ui, toasts } = renderAccount({ route: ROUTE, routes: ok });
    await tickBoth(ui);
    await ui.click(startButton());
    await waitFor(() => expect(toasts).toHaveLength(1));
    await ui.click(screen.getByRole('button', { name: 'Go to Dashboard now' }));
    expect(window.location.pathname).toBe('/dashboard');
  });
});
