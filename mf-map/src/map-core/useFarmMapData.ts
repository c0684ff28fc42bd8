import { useCallback, useEffect } from 'react';
import { useStore } from 'zustand';
import type { FarmFeature } from '@paddock/shared/contracts';
import { combineQueries, queryKeys, useQuery, type CombinedQueries } from '@paddock/shared/query';
import type { MapApi } from '../api/mapApi';
import type { MapAccess, MapStore } from '../store';

/** The farm map's load, in TanStack Query's status shape ('pending', 'success', 'error' with notFound). */
export type LoadStatus =
  { status: 'pending' } | { status: 'success' } | Extract<CombinedQueries<never>, { status: 'error' }>;

interface FarmMapDataOptions {
  api: MapApi;
  farmId: string;
  store: MapStore;
  /** What the user may do on this farm (the page: from the role and profile; an embedded map: view only). */
  accessOf(farm: FarmFeature): MapAccess;
  /** Shown when the server gave no reason. */
  fallbackMessage?: string;
}

/**
 * The farm and its fields (GET v2/farms/{id} and …/fields) into the mount's query cache, where the
 * screens read them (`farmData`); the map store learns the farm's id, the user's access and which
 * selected fields still exist whenever they arrive. Used by the farm page and by the embedded map.
 */
export function useFarmMapData({
  api,
  farmId,
  store,
  accessOf,
  fallbackMessage = 'We could not load this farm.',
}: FarmMapDataOptions) {
  const farm = useQuery({ queryKey: queryKeys.farms.detail(farmId), queryFn: () => api.getFarm(farmId) });
  const fields = useQuery({ queryKey: queryKeys.farms.fields(farmId), queryFn: () => api.listFields(farmId) });

  // Ready once the store has the farm and the access: the screens below act on the store as soon as they see 'success'.
  const inStore = useStore(store, (s) => s.farmId === farmId);
  useEffect(() => {
    if (!farm.data || !fields.data) return;
    const state = store.getState();
    state.setAccess(accessOf(farm.data));
    state.farmLoaded(
      farmId,
      fields.data.map((field) => field.id),
    );
  }, [farm.data, fields.data, farmId, store, accessOf]);

  const loaded = combineQueries([farm, fields], fallbackMessage);
  const status: LoadStatus = loaded.status === 'success' && !inStore ? { status: 'pending' } : loaded;

  const { refetch: refetchFarm } = farm;
  const { refetch: refetchFields } = fields;
  const retry = useCallback(() => {
    void refetchFarm();
    void refetchFields();
  }, [refetchFarm, refetchFields]);

  /** Fresh farm totals and fields, e.g. after the import wizard added some; rejects when either fails. */
  const reload = useCallback(async () => {
    await Promise.all([refetchFarm({ throwOnError: true }), refetchFields({ throwOnError: true })]);
  }, [refetchFarm, refetchFields]);

  return { status, retry, reload };
}
