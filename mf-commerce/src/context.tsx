import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';

/** What every screen of this area gets; the commerce issues add `api` (one per API plugin) and `store`. */
export type CommerceContextValue = Omit<MfProps, 'profile'>;

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
  children: ReactNode;
}

/** The host's props and the mount's QueryClient (loading and actions: @paddock/shared/query). */
export function CommerceProvider({ props, queryClient, children }: ProviderProps) {
  const { basename, auth, bus, config } = props;
  const value = useMemo(() => ({ basename, auth, bus, config }), [basename, auth, bus, config]);
  return (
    <CommerceContext.Provider value={value}>
      <QueryProvider bus={bus} client={queryClient}>
        {children}
      </QueryProvider>
    </CommerceContext.Provider>
  );
}
