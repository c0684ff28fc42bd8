import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { createMapApi, type MapApi } from './api/mapApi';
import { createImageryApi, type ImageryApi } from './api/imageryApi';

export interface MapAreaValue extends MfProps {
  api: MapApi;
  imagery: ImageryApi;
}

const MapAreaContext = createContext<MapAreaValue | null>(null);

/** The host's props and the API, for the screens of this area (each farm's page has its own store). */
export function useMapArea(): MapAreaValue {
  const value = useContext(MapAreaContext);
  if (!value) throw new Error('useMapArea must be used inside <MapAreaProvider>');
  return value;
}

interface ProviderProps {
  props: MfProps;
  /** Tests hand in a fake fetch; the app uses the browser's. */
  fetch?: typeof fetch;
  children: ReactNode;
}

export function MapAreaProvider({ props, fetch, children }: ProviderProps) {
  const { basename, auth, bus, config, profile } = props;
  const api = useMemo(
    () => createMapApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const imagery = useMemo(
    () => createImageryApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const value = useMemo(
    () => ({ basename, auth, bus, config, profile, api, imagery }),
    [basename, auth, bus, config, profile, api, imagery],
  );
  return <MapAreaContext.Provider value={value}>{children}</MapAreaContext.Provider>;
}
