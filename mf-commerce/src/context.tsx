import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';
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

const CommerceContext = createContext<CommerceContextValue | null>(null);

export function useCommerce(): CommerceContextValue {
  const value = useContext(CommerceContext);
  if (!value) throw new Error('useCommerce must be used inside <CommerceProvider>');
  return value;
}

interface ProviderProps {
  props: MfProps;
  /** Tests hand in theirs; a mount makes its own with the product's defaults. */
  queryClient?: QueryClient;
  /** Tests hand in the fake server's fetch. */
  fetch?: typeof fetch;
  children: ReactNode;
}

/** The host's props and the mount's QueryClient (loading and actions: @paddock/shared/query). */
export function CommerceProvider({ props, queryClient, fetch, children }: ProviderProps) {
  const { basename, auth, bus, config } = props;
  const value = useMemo(
    () => ({
      basename,
      auth,
      bus,
      config,
      fetch,
      cartApi: createCartApi({ config, getToken: auth.getToken, fetch }),
      bookingsApi: createBookingsApi({ config, getToken: auth.getToken, fetch }),
      ordersApi: createOrdersApi({ config, getToken: auth.getToken, fetch }),
    }),
    [basename, auth, bus, config, fetch],
  );
  return (
    <CommerceContext.Provider value={value}>
      <QueryProvider bus={bus} client={queryClient}>
        {children}
      </QueryProvider>
    </CommerceContext.Provider>
  );
}
