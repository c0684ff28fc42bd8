import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { QueryProvider, type QueryClient } from '@paddock/shared/query';
import { createMapApi, type MapApi } from './api/mapApi';
import { createImageryApi, type ImageryApi } from './api/imageryApi';
import { createZoningApi, type ZoningApi } from './api/zoningApi';
import { createFindApi, type FindApi } from './api/findApi';
import { createCompareApi, type CompareApi } from './api/compareApi';
import { createScoutingApi, type ScoutingApi } from './api/scoutingApi';
import { createApiClient, createSeasonsApi, type SeasonsApi } from '@paddock/shared/api-client';

export interface MapAreaValue extends MfProps {
  api: MapApi;
  imagery: ImageryApi;
  zoning: ZoningApi;
  /** Place search, base maps, crops of many fields (issue 10). */
  find: FindApi;
  /** Seasons of a field and weather of a farm (issue 29). */
  seasons: SeasonsApi;
  /** Two captures compared, and their difference layer (issue 30). */
  compare: CompareApi;
  /** Scouting notes, their photos and reports (issue 31). */
  scouting: ScoutingApi;
}

const MapAreaContext = createContext<MapAreaValue | null>(null);

/** The host's props and the API, for the screens of this area (each farm's page has its own store; the mount has one QueryClient). */
export function useMapArea(): MapAreaValue {
  const value = useContext(MapAreaContext);
  if (!value) throw new Error('useMapArea must be used inside <MapAreaProvider>');
  return value;
}

interface ProviderProps {
  props: MfProps;
  /** Tests hand in a fake fetch; the app uses the browser's. */
  fetch?: typeof fetch;
  /** Tests hand in theirs; a mount makes its own with the product's defaults. */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function MapAreaProvider({ props, fetch, queryClient, children }: ProviderProps) {
  const { basename, auth, bus, config } = props;
  // The tier can change while the map is on screen (a subscription in another tab of the product, the
  // host's refresh): the calculation locks and multi-select follow the newest profile on the bus.
  const [profile, setProfile] = useState(props.profile);
  const [handed, setHanded] = useState(props.profile);
  if (props.profile !== handed) {
    setHanded(props.profile);
    setProfile(props.profile);
  }
  useEffect(() => bus.on('paddock:profile-changed', (event) => setProfile(event.profile)), [bus]);
  const api = useMemo(
    () => createMapApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const imagery = useMemo(
    () => createImageryApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const zoning = useMemo(
    () => createZoningApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const find = useMemo(
    () => createFindApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const seasons = useMemo(
    () => createSeasonsApi(createApiClient({ baseUrl: config.apiUrl, getToken: () => auth.getToken(), fetch })),
    [config, auth, fetch],
  );
  const compare = useMemo(
    () => createCompareApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const scouting = useMemo(
    () => createScoutingApi({ config, getToken: (options) => auth.getToken(options), fetch }),
    [config, auth, fetch],
  );
  const value = useMemo(
    () => ({ basename, auth, bus, config, profile, api, imagery, zoning, find, seasons, compare, scouting }),
    [basename, auth, bus, config, profile, api, imagery, zoning, find, seasons, compare, scouting],
  );
  return (
    <MapAreaContext.Provider value={value}>
      <QueryProvider bus={bus} client={queryClient}>
        {children}
      </QueryProvider>
    </MapAreaContext.Provider>
  );
}
