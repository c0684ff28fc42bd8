import { useEffect, useMemo, useRef } from 'react';
import { australianState, type BasemapsResponse, type BBox, type Profile } from '@paddock/shared/contracts';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import type { FindApi } from '../api/findApi';
import { useMapArea } from '../context';
import type { MapHandle } from './olMapContext';
import type { BasemapSource } from './useBasemapLayer';
import { NO_BASEMAP, useBasemapChoice } from './basemapChoice';

/** The find api of this area (place search, base maps, crop types of many fields). */
export function useFindApi(): FindApi {
  return useMapArea().find;
}

export interface BasemapState {
  list: BasemapsResponse['basemaps'];
  /** The id shown: the user's choice when still offered, else the api's default; 'none' without one. */
  current: string;
  source: BasemapSource | null;
  /** The imagery is simulated (the offline demo): the map says so. */
  demoImagery: boolean;
}

/** Resolves the base map the farm's map shows (issue 10 §1). */
export function resolveBasemap(
  answer: BasemapsResponse | undefined,
  choice: string | null,
  api: Pick<FindApi, 'basemapTemplate' | 'fetchTile' | 'orientation'>,
  farmId: string,
): BasemapState {
  const list = answer?.basemaps ?? [];
  const demoImagery = answer?.demo_imagery === true;
  const chosen =
    choice === NO_BASEMAP ? null : (list.find((b) => b.id === choice) ?? list.find((b) => b.id === answer?.default_id));
  if (!chosen) return { list, current: NO_BASEMAP, source: null, demoImagery };
  return {
    list,
    demoImagery,
    current: chosen.id,
    source: {
      id: chosen.id,
      template: api.basemapTemplate(chosen, farmId),
      attribution: chosen.attribution,
      minZoom: chosen.minZoom,
      maxZoom: chosen.maxZoom,
      ...(chosen.kind === 'embedded' ? { fetchTile: api.fetchTile, orientation: api.orientation } : {}),
    },
  };
}

export function useBasemap(api: FindApi, farmId: string | null): BasemapState {
  const choice = useBasemapChoice();
  const query = useQuery({
    queryKey: queryKeys.basemaps,
    queryFn: () => api.basemaps(),
    ...queryPolicy({ freshFor: freshFor.oneDay, retries: 1 }),
  });
  return useMemo(
    () =>
      farmId
        ? resolveBasemap(query.data, choice, api, farmId)
        : { list: [], current: NO_BASEMAP, source: null, demoImagery: false },
    [query.data, choice, api, farmId],
  );
}

/** Centres and zooms of Australia's states and territories, for a farm without fields (the profile's state). */
export const STATE_VIEWS: Record<string, { bbox: BBox }> = {
  NSW: { bbox: [141, -37.5, 153.6, -28.2] },
  VIC: { bbox: [141, -39.2, 150, -34] },
  QLD: { bbox: [138, -29, 153.5, -10.7] },
  SA: { bbox: [129, -38.1, 141, -26] },
  WA: { bbox: [112.9, -35.2, 129, -13.7] },
  TAS: { bbox: [143.8, -43.7, 148.5, -39.6] },
  NT: { bbox: [129, -26, 138, -10.9] },
  ACT: { bbox: [148.76, -35.92, 149.4, -35.12] },
};

/** The state of a profile ('VIC', 'Victoria', 'vic.'), or null. */
export function stateOf(profile: Pick<Profile, 'account'> | null | undefined): string | null {
  const state = australianState(profile?.account.state);
  return state && STATE_VIEWS[state] ? state : null;
}

/**
 * Where a farm without fields opens (issue 10 §1): around the user's most recently changed other
 * farm, else their profile's state, else Australia (the map's own start). Never the whole world.
 */
export async function startRegion(
  api: Pick<FindApi, 'lastFarmBBox'>,
  farmId: string,
  profile: Pick<Profile, 'account'> | null | undefined,
): Promise<{ bbox: BBox; maxZoom: number } | null> {
  const last = await api.lastFarmBBox(farmId).catch(() => null);
  if (last) return { bbox: last, maxZoom: 14 };
  const state = stateOf(profile);
  if (state) return { bbox: (STATE_VIEWS[state] as { bbox: BBox }).bbox, maxZoom: 8 };
  return null;
}

/** The zoom the map starts at (all of Australia; createMap's AUSTRALIA_ZOOM). */
export const START_ZOOM = 4;

/** Moves an empty farm's map to the user's region once, when the farm has loaded without fields. */
export function useStartRegion(
  handle: MapHandle | null,
  api: Pick<FindApi, 'lastFarmBBox'>,
  farmId: string | null,
  fieldCount: number | null,
  profile: Pick<Profile, 'account'> | null | undefined,
) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!handle || !farmId || fieldCount === null || done.current === farmId) return;
    done.current = farmId;
    if (fieldCount > 0) return;
    void startRegion(api, farmId, profile).then((region) => {
      // Not when the user has meanwhile drawn a field or found a place: only a map still at its start moves.
      if (region && handle.map.getView().getZoom?.() === START_ZOOM) handle.fitLonLatBox(region.bbox, region.maxZoom);
    });
  }, [handle, api, farmId, fieldCount, profile]);
}
