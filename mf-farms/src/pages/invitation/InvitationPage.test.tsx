import { screen } from '@testing-library/react';
import { fakeMfProps } from '@paddock/shared/testing';
import { navigatedTo, renderFarms } from '../../testing/harness';

/** Host-like auth whose refresh and sign-out the test can see. */
const watchedAuth = () => {
  const { auth } = fakeMfProps();
  return { ...auth, refreshUser: jest.fn(auth.refreshUser), logout: jest.fn() };
};

const ACCEPT = 'POST /v2/farms/invitations/accept';

describe('the invitation link', () => {
  it('accepts the invitation once, says which farm is now the user’s, refreshes the user and opens the farms', async () => {
    const auth = watchedAuth();
    const { server, farmEvents, ui } = renderFarms({
      route: '/invitation?token=abc.def&email=ann%40example.com',
      props: { auth },
      routes: {
        [ACCEPT]: { status: 200, body: { data: { message: 'You now have access to Clare Valley', farm_ids: ['f1'] } } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'You now have access to Clare Valley' })).toBeInTheDocument();
    expect(screen.getByText(/The shared farm is in your farm list/)).toBeInTheDocument();
    expect(server.find('POST', '/v2/farms/invitations/accept').map((request) => request.body)).toEqual([
      { data: { token: 'abc.def' } },
    ]);
    expect(auth.refreshUser).toHaveBeenCalled();
    expect(farmEvents).toEqual([{ farmId: 'f1', change: 'created' }]);
    await ui.click(screen.getByRole('button', { name: 'Open my farms' }));
    expect(navigatedTo().path).toBe('/farms');
  });

  it('says why a used or withdrawn link does not work', async () => {
    renderFarms({
      route: '/invitation?token=used',
      routes: {
        [ACCEPT]: { status: 410, body: { detail: 'This invitation has already been used or was withdrawn.' } },
      },
    });
    expect(await screen.findByRole('heading', { name: 'This invitation could not be accepted' })).toBeInTheDocument();
    expect(screen.getByText('This invitation has already been used or was withdrawn.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my farms' })).toBeInTheDocument();
  });

  it('offers to sign out when the link was opened signed in with another address', async () => {
    const auth = watchedAuth();
    const { ui } = renderFarms({
      route: '/invitation?token=other',
      props: { auth },
      routes: {
        [ACCEPT]: {
          status: 403,
          body: { detail: 'This invitation was sent to ann@example.com, but you are signed in as bob@example.com.' },
        },
      },
    });
    expect(await screen.findByText(/sent to ann@example.com/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(auth.logout).toHaveBeenCalled();
  });
});
