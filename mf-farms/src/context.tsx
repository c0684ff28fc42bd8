import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import type { MfProps } from '@paddock/shared/contracts';
import { createAreaContext, useAreaApiOptions, useHostProps, type AreaProviderProps } from '@paddock/shared/query';
import { createAreaApiClient, createSeasonsApi, type SeasonsApi } from '@paddock/shared/api-client';
import { createFarmsApi, type FarmsApi } from './api/farmsApi';
import { createFarmsStore, type FarmsState, type FarmsStore } from './store';

export interface FarmsContextValue extends Omit<MfProps, 'profile'> {
  api: FarmsApi;
  /** Seasons of a field (issue 29). */
  seasons: SeasonsApi;
  store: FarmsStore;
}

const { useArea, AreaProvider } = createAreaContext<FarmsContextValue>('useFarms', 'FarmsProvider');

/** Everything a screen of this area needs: the host's props, the API and the store (and, below it, the mount's QueryClient). */
export const useFarms = useArea;

export function useFarmsStore<T>(selector: (state: FarmsState) => T): T {
  return useStore(useFarms().store, selector);
}

export function FarmsProvider({ props, fetch, queryClient, children }: AreaProviderProps) {
  const host = useHostProps(props);
  const [store] = useState(createFarmsStore);
  const options = useAreaApiOptions(props, fetch);
  const value = useMemo(
    () => ({
      ...host,
      api: createFarmsApi(options),
      seasons: createSeasonsApi(createAreaApiClient(options)),
      store,
    }),
    [host, options, store],
  );
  return (
    <AreaProvider value={value} queryClient={queryClient}>
      {children}
    </AreaProvider>
  );
}
