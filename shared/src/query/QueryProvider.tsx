import { createContext, useContext, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { PaddockBus } from '../bus';
import { createQueryClient } from './client';

const BusContext = createContext<PaddockBus | null>(null);

interface QueryProviderProps {
  /** The host's bus: failures and action messages are toasted through it (the shell's Toaster). */
  bus: PaddockBus;
  /** Tests hand in their own (see `@paddock/shared/testing`); a mount makes one with the product's defaults. */
  client?: QueryClient;
  children: ReactNode;
}

/**
 * One QueryClient per remote mount (so a remount, or another signed-in user, never sees old data),
 * and the bus that `useAction` and query failures toast through. Put it in the area's context
 * provider, around everything that loads or acts.
 */
export function QueryProvider({ bus, client, children }: QueryProviderProps) {
  const [own] = useState(() => client ?? createQueryClient({ bus }));
  return (
    <BusContext.Provider value={bus}>
      <QueryClientProvider client={own}>{children}</QueryClientProvider>
    </BusContext.Provider>
  );
}

/** The bus of the nearest QueryProvider. */
export function useAreaBus(): PaddockBus {
  const bus = useContext(BusContext);
  if (!bus) throw new Error('useAreaBus must be used inside <QueryProvider>');
  return bus;
}
