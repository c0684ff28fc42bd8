import { useEffect, useMemo, useState } from 'react';
import type { MfProps } from '@paddock/shared/contracts';
import { createAreaContext, useAreaApiOptions, useHostProps, type AreaProviderProps } from '@paddock/shared/query';
import { createMapApi, type MapApi } from './api/mapApi';
import { createImageryApi, type ImageryApi } from './api/imageryApi';
import { createZoningApi, type ZoningApi } from './api/zoningApi';
import { createFindApi, type FindApi } from './api/findApi';
import { createCompareApi, type CompareApi } from './api/compareApi';
import { createScoutingApi, type ScoutingApi } from './api/scoutingApi';
import { createAreaApiClient, createSeasonsApi, type SeasonsApi } from '@paddock/shared/api-client';

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

const { useArea, AreaProvider } = createAreaContext<MapAreaValue>('useMapArea', 'MapAreaProvider');

/** The host's props and the API, for the screens of this area (each farm's page has its own store; the mount has one QueryClient). */
export const useMapArea = useArea;

export function MapAreaProvider({ props, fetch, queryClient, children }: AreaProviderProps) {
  const host = useHostProps(props);
  // The tier can change while the map is on screen (a subscription in another tab of the product, the
  // host's refresh): the calculation locks and multi-select follow the newest profile on the bus.
  const [profile, setProfile] = useState(props.profile);
  const [handed, setHanded] = useState(props.profile);
  if (props.profile !== handed) {
    setHanded(props.profile);
    setProfile(props.profile);
  }
  const { bus } = props;
  useEffect(() => bus.on('paddock:profile-changed', (event) => setProfile(event.profile)), [bus]);
  const options = useAreaApiOptions(props, fetch);
  const apis = useMemo(
    () => ({
      api: createMapApi(options),
      imagery: createImageryApi(options),
      zoning: createZoningApi(options),
      find: createFindApi(options),
      seasons: createSeasonsApi(createAreaApiClient(options)),
      compare: createCompareApi(options),
      scouting: createScoutingApi(options),
    }),
    [options],
  );
  const value = useMemo(() => ({ ...host, profile, ...apis }), [host, profile, apis]);
  return (
    <AreaProvider value={value} queryClient={queryClient}>
      {children}
    </AreaProvider>
  );
}
