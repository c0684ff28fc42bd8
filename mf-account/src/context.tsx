import { useEffect, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { MfProps } from '@paddock/shared/contracts';
import { createAreaContext, useAreaApiOptions, useHostProps, type AreaProviderProps } from '@paddock/shared/query';
import { createAccountApi, type AccountApi } from './api/accountApi';
import { createOverviewApi, type OverviewApi } from './api/overviewApi';
import { createSubscriptionsApi, type SubscriptionsApi } from './api/subscriptionsApi';
import { createAccountStore, type AccountState, type AccountStore } from './store';

export interface AccountContextValue extends Omit<MfProps, 'profile'> {
  api: AccountApi;
  subscriptions: SubscriptionsApi;
  overview: OverviewApi;
  store: AccountStore;
  /** The fetch the payments client uses (tests hand in the fake server's). */
  fetch?: typeof fetch;
}

const { useArea, AreaProvider } = createAreaContext<AccountContextValue>('useAccount', 'AccountProvider');

/** Everything a screen of this area needs: the host's props, the API and the store. */
export const useAccount = useArea;

export function useAccountStore<T>(selector: (state: AccountState) => T): T {
  return useStore(useAccount().store, selector);
}

export function AccountProvider({ props, fetch, queryClient, children }: AreaProviderProps) {
  const { auth, bus, profile } = props;
  const host = useHostProps(props);
  const [store] = useState(() => createAccountStore({ profile, user: auth.user }));
  const options = useAreaApiOptions(props, fetch);

  // The host hands a newer profile on single-spa updates; other areas announce theirs on the bus.
  useEffect(() => store.getState().setProfile(profile), [store, profile]);
  useEffect(
    () => bus.on('paddock:profile-changed', (event) => store.getState().setProfile(event.profile)),
    [bus, store],
  );

  const value = useMemo(
    () => ({
      ...host,
      api: createAccountApi(options),
      subscriptions: createSubscriptionsApi(options),
      overview: createOverviewApi(options),
      store,
      fetch,
    }),
    [host, options, store, fetch],
  );
  return (
    <AreaProvider value={value} queryClient={queryClient}>
      {children}
    </AreaProvider>
  );
}
