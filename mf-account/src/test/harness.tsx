import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { createBus, type PaddockEvents, type ToastKind } from '@paddock/shared/bus';
import type { IdpUser, MfProps, Profile } from '@paddock/shared/contracts';
import { AccountProvider } from '../context';
import { AccountRoutes } from '../routes';
import { makeProfile, makeUser } from './fixtures';

export const API_URL = 'http://api.test/v2';
export const IDP_URL = 'http://idp.test';

/** One request the area sent, as the fake server saw it. */
export interface SeenRequest {
  method: string;
  url: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

export interface FakeReply {
  status: number;
  body?: unknown;
}

/** `'GET /v2/accounts/profile'` → reply; anything unlisted answers 404 like the real API would. */
export type Routes = Record<string, FakeReply | ((request: SeenRequest) => FakeReply)>;

/** A fake server at the network boundary: the real api client, ky included, runs against it. */
export function fakeServer(routes: Routes) {
  const requests: SeenRequest[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    const seen: SeenRequest = {
      method: request.method,
      url: request.url,
      path: url.pathname,
      authorization: request.headers.get('authorization'),
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(seen);
    const route = routes[`${seen.method} ${seen.path}`];
    const reply = typeof route === 'function' ? route(seen) : (route ?? { status: 404, body: { detail: 'Not Found' } });
    const hasBody = reply.body !== undefined && reply.status !== 204;
    return new Response(hasBody ? JSON.stringify(reply.body) : null, {
      status: reply.status,
      headers: hasBody ? { 'content-type': 'application/json' } : {},
    });
  }) as typeof fetch;
  const find = (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path);
  return { fetch: fetchImpl, requests, find };
}

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
export function renderAccount({ route, profile = makeProfile(), user = makeUser(), routes = {}, refreshUser, advanceTimers }: RenderOptions) {
  const server = fakeServer(routes);
  const bus = createBus(new EventTarget());
  const toasts: Array<{ kind: ToastKind; message: string }> = [];
  const profileEvents: Array<PaddockEvents['paddock:profile-changed']> = [];
  bus.on('paddock:toast', (toast) => toasts.push(toast));
  bus.on('paddock:profile-changed', (event) => profileEvents.push(event));

  const props: MfProps = {
    basename: '/',
    auth: { getToken: async () => 'token-1', user, refreshUser: refreshUser ?? (async () => user), logout: () => undefined },
    profile,
    bus,
    config: { apiUrl: API_URL, idpUrl: IDP_URL, supportEmail: 'support@paddock.example' },
  };
  const view = render(
    <AccountProvider props={props} fetch={server.fetch}>
      <MemoryRouter initialEntries={[route]}>
        <AccountRoutes />
      </MemoryRouter>
    </AccountProvider>,
  );
  const ui = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  return { ...view, server, toasts, profileEvents, ui, props };
}

export const toastMessages = (toasts: Array<{ message: string }>) => toasts.map((t) => t.message);
