import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { IdpUser, Profile } from '@paddock/shared/contracts';
import { AccountProvider } from '../context';
import { AccountRoutes } from '../routes';
import {
  fakeHost,
  fakeServer,
  makeProfile,
  makeUser,
  TEST_API_URL,
  TEST_IDP_URL,
  type Routes,
} from '@paddock/shared/testing';

export const API_URL = TEST_API_URL;
export const IDP_URL = TEST_IDP_URL;
export type { Routes };
export { fakeServer };

interface RenderOptions {
  route: string;
  profile?: Profile;
  user?: IdpUser;
  routes?: Routes;
  refreshUser?: () => Promise<IdpUser>;
  /** Pass jest.advanceTimersByTime when the test uses fake timers. */
  advanceTimers?: (ms: number) => void;
}

/** Renders the area at `route` with host-like props, a recording bus and the fake server. */
export function renderAccount({
  route,
  profile = makeProfile(),
  user = makeUser(),
  routes = {},
  refreshUser,
  advanceTimers,
}: RenderOptions) {
  const { server, toasts, events, props, queryClient } = fakeHost(
    routes,
    {
      profile,
      auth: {
        getToken: async () => 'token-1',
        user,
        refreshUser: refreshUser ?? (async () => user),
        logout: () => undefined,
      },
    },
    'paddock:profile-changed',
  );
  const view = render(
    <AccountProvider props={props} fetch={server.fetch} queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AccountRoutes />
      </MemoryRouter>
    </AccountProvider>,
  );
  const ui = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  return { ...view, server, toasts, profileEvents: events['paddock:profile-changed'], ui, props };
}

export const toastMessages = (toasts: Array<{ message: string }>) => toasts.map((t) => t.message);
