import { useMemo } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { createAreaContext, useAreaApiOptions, useHostProps, type AreaProviderProps } from '@paddock/shared/query';
import { createBookingsApi, type BookingsApi } from './api/bookingsApi';
import { createCartApi, type CartApi } from './api/cartApi';
import { createOrdersApi, type OrdersApi } from './api/ordersApi';

/** What every screen of this area gets: the host's props and one api module per API plugin. */
export type CommerceContextValue = Omit<MfProps, 'profile'> & {
  cartApi: CartApi;
  bookingsApi: BookingsApi;
  ordersApi: OrdersApi;
  /** The fetch of this mount's API modules and payments client (tests: the fake server's). */
  fetch?: typeof fetch;
};

const { useArea, AreaProvider } = createAreaContext<CommerceContextValue>('useCommerce', 'CommerceProvider');

export const useCommerce = useArea;

/** The host's props and the mount's QueryClient (loading and actions: @paddock/shared/query). */
export function CommerceProvider({ props, queryClient, fetch, children }: AreaProviderProps) {
  const host = useHostProps(props);
  const options = useAreaApiOptions(props, fetch);
  const value = useMemo(
    () => ({
      ...host,
      fetch,
      cartApi: createCartApi(options),
      bookingsApi: createBookingsApi(options),
      ordersApi: createOrdersApi(options),
    }),
    [host, fetch, options],
  );
  return (
    <AreaProvider value={value} queryClient={queryClient}>
      {children}
    </AreaProvider>
  );
}
