import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { AreaApiOptions } from '../api-client';
import type { PaddockBus } from '../bus';
import type { MfConfig, MfProps } from '../contracts/microfrontend';
import { QueryProvider } from './QueryProvider';

/** What a remote's provider is handed: the host's props and, from tests, a fetch and a QueryClient. */
export interface AreaProviderProps {
  props: MfProps;
  /** Tests hand in a fake fetch; the app uses the browser's. */
  fetch?: typeof fetch;
  /** Tests hand in theirs; a mount makes its own with the product's defaults. */
  queryClient?: QueryClient;
  children: ReactNode;
}

interface AreaContextProviderProps<V> {
  value: V;
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * A remote's context: `useArea` reads it (and names the provider when there is none); `AreaProvider`
 * puts the value around the area's screens, with the mount's QueryProvider (on the value's bus) below.
 */
export function createAreaContext<V extends { bus: PaddockBus }>(hookName: string, providerName: string) {
  const AreaContext = createContext<V | null>(null);

  function useArea(): V {
    const value = useContext(AreaContext);
    if (!value) throw new Error(`${hookName} must be used inside <${providerName}>`);
    return value;
  }

  function AreaProvider({ value, queryClient, children }: AreaContextProviderProps<V>) {
    return (
      <AreaContext.Provider value={value}>
        <QueryProvider bus={value.bus} client={queryClient}>
          {children}
        </QueryProvider>
      </AreaContext.Provider>
    );
  }

  return { useArea, AreaProvider };
}

/** The options every API module of an area is made from; one object while config, auth and fetch stay. */
export function useAreaApiOptions(
  { config, auth }: Pick<MfProps, 'config' | 'auth'>,
  fetch?: AreaApiOptions['fetch'],
): AreaApiOptions & { config: MfConfig } {
  return useMemo(() => ({ config, getToken: (options) => auth.getToken(options), fetch }), [config, auth, fetch]);
}

/** The host's props every screen of an area reads (the profile, which the host may hand anew, stays out). */
export function useHostProps({ basename, auth, bus, config }: MfProps): Omit<MfProps, 'profile'> {
  return useMemo(() => ({ basename, auth, bus, config }), [basename, auth, bus, config]);
}
