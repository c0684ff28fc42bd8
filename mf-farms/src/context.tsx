import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { MfProps } from '@paddock/shared/contracts';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';
import { createApiClient, createSeasonsApi, type SeasonsApi } from '@paddock/shared/api-client';
import { createFarmsApi, type FarmsApi } from './api/farmsApi';
import { createFarmsStore, type FarmsState, type FarmsStore } from './store';

export interface FarmsContextValue extends Omit<MfProps, 'profile'> {
  api: FarmsApi;
  /** Seasons of a field (issue 29). */
  seasons: SeasonsApi;
  store: FarmsStore;
}

const FarmsContext = createContext<FarmsContextValue | null>(null);

/** Everything a screen of this area needs: the host's props, the API and the store (and, below it, the mount's QueryClient). */
export function useFarms(): FarmsContextValue {
  const value = useContext(FarmsContext);
  if (!value) throw new Error('useFarms must be used inside <FarmsProvider>');
  return value;
}

export function useFarmsStore<T>(selector: (state: FarmsState) => T): T {
  return useStore(useFarms().store, selector);
}

interface ProviderProps {
  props: MfProps;
  /** Tests hand in a fake fetch; the app uses the browser's. */
  fetch?: typeof fetch;
  /** Tests hand in theirs; a mount makes its own with the product's defaults. */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function FarmsProvider({ props, fetch, queryClient, children }: ProviderProps) {
  const { basename, auth, bus, config } = props;
  const [store] = useState(createFarmsStore);
  const api = useMemo(
    () => createFarmsApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const seasons = useMemo(
    () => createSeasonsApi(createApiClient({ baseUrl: config.apiUrl, getToken: () => auth.getToken(), fetch })),
    [config, auth, fetch],
  );
  const value = useMemo(
    () => ({ basename, auth, bus, config, api, seasons, store }),
    [basename, auth, bus, config, api, seasons, store],
  );
  return (
    <FarmsContext.Provider value={value}>
      <QueryProvider bus={bus} client={queryClient}>
        {children}
      </QueryProvider>
    </FarmsContext.Provider>
  );
}
