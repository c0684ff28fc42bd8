import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { zoningLayers, type ZoningLayer, type ZoningZonesResponse } from '@paddock/shared/contracts';
import { freshFor, queryKeys, queryPolicy, useQuery } from '@paddock/shared/query';
import type { ZonesRequest } from '../api/zoningApi';
import { useMapArea } from '../context';
import { useMapStore } from '../store';
import { ZONING_AREA_LIMIT_HA } from '@paddock/shared/contracts';
import { ApiError, isClientError } from '@paddock/shared/api-client';
import { defaultSeasons, todayIso } from './seasons';
import { useFarmFields } from '../map-core/farmData';

/** Spec 2 §9: after this long the zones still loading bring up the 'grab a cup of coffee' message. */
export const SLOW_ZONES_MS = 20_000;

export type ZonesState =
  | { kind: 'incomplete' }
  | { kind: 'loading'; slow: boolean }
  | { kind: 'ready'; zones: ZoningZonesResponse }
  /** `reason`: the API's words when the request itself cannot be zoned (a cloudy date, no survey), else null. */
  | { kind: 'error'; reason: string | null };

const isZoningLayer = (layer: string): layer is ZoningLayer => (zoningLayers as readonly string[]).includes(layer);

/** The Map Settings as a request, or null until the fields, layer, calculation, date, zone count and resolution are all set. */
export function useZonesRequest(): ZonesRequest | null {
  const fields = useFarmFields();
  const s = useMapStore(
    useShallow((state) => ({
      fieldIds: state.selectedFields,
      layer: state.selectedLayer,
      algorithm: state.selectedAlgorithm,
      date: state.selectedDate,
      zones: state.zoneCount,
      resolution: state.zoningResolution,
      source: state.zoningSource,
      seasons: state.zoningSeasons,
      weights: state.emWeights,
    })),
  );
  const oversized = fields.some((f) => s.fieldIds.includes(f.id) && f.properties.area >= ZONING_AREA_LIMIT_HA);
  // A field of 800 ha or more is not zoned (the 'Zone area exceeded' dialog takes it out first).
  const seasons = s.seasons ?? defaultSeasons();
  // Productivity zones read every capture of the seasons up to today; the others one date.
  const date = s.source === 'seasons' ? todayIso() : s.date;
  if (
    oversized ||
    !s.fieldIds.length ||
    !isZoningLayer(s.layer) ||
    !s.algorithm ||
    !date ||
    !s.zones ||
    !s.resolution ||
    (s.source === 'seasons' && seasons.length === 0) ||
    (s.source === 'em_imagery' && s.weights.shallow + s.weights.deep + s.weights.index <= 0)
  )
    return null;
  return {
    fieldIds: s.fieldIds,
    layer: s.layer,
    algorithm: s.algorithm,
    date,
    zones: s.zones,
    resolution: s.resolution,
    ...(s.source === 'seasons' ? { source: s.source, seasons } : {}),
    ...(s.source === 'em_imagery' ? { source: s.source, weights: s.weights } : {}),
  };
}

/** The zones of the Map Settings (GET v2/zoning/zones), once all are set: fresh for a day, retried once. */
export function useZones(request: ZonesRequest | null): ZonesState {
  const { zoning } = useMapArea();
  const query = useQuery({
    queryKey: queryKeys.zoning.zones({ ...request }),
    // Runs only when enabled, that is with a request.
    queryFn: () => zoning.zones(request as ZonesRequest),
    enabled: request !== null,
    ...queryPolicy({ freshFor: freshFor.oneDay, retries: 1 }),
  });
  const loading = request !== null && !query.data && !(query.isError && !query.isFetching);
  // The load that has taken longer than SLOW_ZONES_MS, by its key: a new load starts not slow.
  const loadKey = JSON.stringify(request);
  const [slowKey, setSlowKey] = useState<string | null>(null);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setSlowKey(loadKey), SLOW_ZONES_MS);
    return () => clearTimeout(timer);
  }, [loading, loadKey]);
  const slow = slowKey === loadKey;

  if (!request) return { kind: 'incomplete' };
  if (query.data) return { kind: 'ready', zones: query.data };
  if (query.isError && !query.isFetching)
    return {
      kind: 'error',
      reason: isClientError(query.error) && query.error instanceof ApiError ? query.error.message : null,
    };
  return { kind: 'loading', slow };
}
