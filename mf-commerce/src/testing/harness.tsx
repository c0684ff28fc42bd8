import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { MfProps } from '@paddock/shared/contracts';
import { fakeHost, type Routes } from '@paddock/shared/testing';
import { CommerceProvider } from '../context';
import { CommerceRoutes } from '../routes';

interface RenderOptions {
  route: string;
  /** Navigation state, as another area would hand it over (e.g. the checkout's items). */
  state?: unknown;
  routes?: Routes;
  props?: Partial<MfProps>;
}

/**
 * Renders the area at `route` with host-like props, a recording bus and the fake API server. The
 * server's fetch is returned for the area's api modules once they exist (pass it to their factory).
 */
export function renderCommerce({ route, state, routes = {}, props: overrides = {} }: RenderOptions) {
  const { server, toasts, events, props, queryClient } = fakeHost(routes, overrides, 'paddock:cart-changed');
  // A route may carry a query ('/rapid-em-booking?payment_intent_client_secret=…', as a 3-D Secure return).
  const [pathname = route, query] = route.split('?');
  const view = render(
    <CommerceProvider props={props} queryClient={queryClient} fetch={server.fetch}>
      <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]}>
        <CommerceRoutes />
      </MemoryRouter>
    </CommerceProvider>,
  );
  return { ...view, server, toasts, cartEvents: events['paddock:cart-changed'], ui: userEvent.setup(), props };
}
