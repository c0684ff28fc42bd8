import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { MapState, MapStore } from './mapStore';

export * from './mapStore';

const MapStoreContext = createContext<MapStore | null>(null);

/** The map store of this mount (the page's, or one embedded map's). */
export function MapStoreProvider({ store, children }: { store: MapStore; children: ReactNode }) {
  return <MapStoreContext.Provider value={store}>{children}</MapStoreContext.Provider>;
}

export function useMapStoreApi(): MapStore {
  const store = useContext(MapStoreContext);
  if (!store) throw new Error('useMapStoreApi must be used inside <MapStoreProvider>');
  return store;
}

export function useMapStore<T>(selector: (state: MapState) => T): T {
  return useStore(useMapStoreApi(), selector);
}
