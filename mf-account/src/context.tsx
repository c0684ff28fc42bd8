import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { MfProps } from '@paddock/shared/contracts';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';
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

const AccountContext = createContext<AccountContextValue | null>(null);

/** Everything a screen of this area needs: the host's props, the API and the store. */
export function useAccount(): AccountContextValue {
  const value = useContext(AccountContext);
  if (!value) throw new Error('useAccount must be used inside <AccountProvider>');
  return value;
}

export function useAccountStore<T>(selector: (state: AccountState) => T): T {
  return useStore(useAccount().store, selector);
}

interface ProviderProps {
  props: MfProps;
  /** Tests hand in a fake fetch; the app uses the browser's. */
  fetch?: typeof fetch;
  /** Tests hand in theirs; a mount makes its own with the product's defaults. */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function AccountProvider({ props, fetch, queryClient, children }: ProviderProps) {
  const { basename, auth, bus, config, profile } = props;
  const [store] = useState(() => createAccountStore({ profile, user: auth.user }));
  const api = useMemo(
    () => createAccountApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const subscriptions = useMemo(
    () => createSubscriptionsApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const overview = useMemo(
    () => createOverviewApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );

  // The host hands a newer profile on single-spa updates; other areas announce theirs on the bus.
  useEffect(() => store.getState().setProfile(profile), [store, profile]);
  useEffect(
    () => bus.on('paddock:profile-changed', (event) => store.getState().setProfile(event.profile)),
    [bus, store],
  );

  const value = useMemo(
    () => ({ basename, auth, bus, config, api, subscriptions, overview, store, fetch }),
    [basename, auth, bus, config, api, subscriptions, overview, store, fetch],
  );
  return (
    <AccountContext.Provider value={value}>
      <QueryProvider bus={bus} client={queryClient}>
        {children}
      </QueryProvider>
    </AccountContext.Provider>
  );
}
