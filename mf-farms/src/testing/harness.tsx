import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { fakeHost, fakeServer, TEST_API_URL, type Routes } from '@paddock/shared/testing';
import { FarmsProvider } from '../context';
import { FarmsRoutes } from '../routes';

export const API_URL = TEST_API_URL;
export type { Routes };
export { fakeServer };

interface RenderOptions {
  route: string;
  /** Navigation state, as another area (dashboard, host menu) would hand it over. */
  state?: unknown;
  routes?: Routes;
  props?: Partial<MfProps>;
  /** Pass jest.advanceTimersByTime when the test uses fake timers. */
  advanceTimers?: (ms: number) => void;
  /** Wraps the fake server's fetch, e.g. to hold a request until the test lets it through. */
  wrapFetch?: (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;
}

/** Renders the area at `route` with host-like props, a recording bus and the fake server. */
export function renderFarms({
  route,
  state,
  routes = {},
  props: overrides = {},
  advanceTimers,
  wrapFetch,
}: RenderOptions) {
  const { server, toasts, events, props, queryClient } = fakeHost(routes, overrides, 'paddock:farm-changed');
  const view = render(
    <FarmsProvider props={props} fetch={wrapFetch ? wrapFetch(server.fetch) : server.fetch} queryClient={queryClient}>
      <MemoryRouter
        initialEntries={[
          { pathname: route.split('?')[0], search: route.includes('?') ? route.slice(route.indexOf('?')) : '', state },
        ]}
      >
        <FarmsRoutes />
      </MemoryRouter>
    </FarmsProvider>,
  );
  const ui = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  return { ...view, server, toasts, farmEvents: events['paddock:farm-changed'], ui, props };
}

export const toastMessages = (toasts: Array<{ message: string }>) => toasts.map((t) => t.message);

/** The query string the area sent, as a plain object. */
export const queryOf = (url: string | undefined): Record<string, string> =>
  Object.fromEntries(new URL(url ?? 'http://x').searchParams);

/** Where the area sent the browser with the shared navigateTo (another area's route), and with what state. */
export const navigatedTo = () => ({
  path: window.location.pathname,
  state: (window.history.state as { usr?: unknown } | null)?.usr,
});

/** Holds every request matching `method path` until `release()`; the others go straight through. */
export function holdRequests(method: string, path: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wrap =
    (fetch: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      if (request.method === method && new URL(request.url).pathname === path) await gate;
      return fetch(request);
    };
  return { wrap, release: () => release() };
}
