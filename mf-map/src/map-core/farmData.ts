import { useCallback, useSyncExternalStore } from 'react';
import type { FarmFeature, FieldFeature } from '@paddock/shared/contracts';
import { queryKeys, useQueryClient, type QueryClient, type QueryKey } from '@paddock/shared/query';
import { useMapStore } from '../store';

/**
 * The farm a map shows and its fields live in the mount's query cache only (loaded by
 * `useFarmMapData`); the map store holds the farm's id once both have arrived. These read the cache
 * (without fetching: one load per mount) and write a server's answer back into it.
 */

const NO_FIELDS: FieldFeature[] = [];

/** The farm of this id, as last loaded or saved; null before it has loaded. */
export const farmOf = (client: QueryClient, farmId: string | null): FarmFeature | null =>
  (farmId && client.getQueryData<FarmFeature>(queryKeys.farms.detail(farmId))) || null;

/** The farm's fields, as last loaded or saved; none before they have loaded. */
export const fieldsOf = (client: QueryClient, farmId: string | null): FieldFeature[] =>
  (farmId && client.getQueryData<FieldFeature[]>(queryKeys.farms.fields(farmId))) || NO_FIELDS;

/**
 * Calls `onChange` when a farm query's data may have changed (loaded, saved, dropped); returns the
 * unsubscribe. Only those events: others (a query added, an observer) come while a component renders.
 */
export function onFarmDataChange(client: QueryClient, onChange: () => void): () => void {
  return client.getQueryCache().subscribe((event) => {
    if ((event.type === 'updated' || event.type === 'removed') && event.query.queryKey[0] === queryKeys.farms.all[0])
      onChange();
  });
}

/** Data of the farm's queries in the cache, re-rendering when it changes; never fetches. */
function useCachedData<T>(read: (client: QueryClient) => T): T {
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => onFarmDataChange(client, onChange), [client]);
  return useSyncExternalStore(subscribe, () => read(client));
}

/** The farm this map shows (null until it has loaded). */
export function useFarm(): FarmFeature | null {
  const farmId = useMapStore((s) => s.farmId);
  return useCachedData((client) => farmOf(client, farmId));
}

/** The fields of the farm this map shows (none until they have loaded). */
export function useFarmFields(): FieldFeature[] {
  const farmId = useMapStore((s) => s.farmId);
  return useCachedData((client) => fieldsOf(client, farmId));
}

/** The farm's fields read when called (for event handlers and store subscriptions). */
export function useFieldsReader(): () => FieldFeature[] {
  const client = useQueryClient();
  const farmId = useMapStore((s) => s.farmId);
  return useCallback(() => fieldsOf(client, farmId), [client, farmId]);
}

/** The field in place of its old version, or added at the end when it is new. */
export function replaceField(fields: readonly FieldFeature[], field: FieldFeature): FieldFeature[] {
  const index = fields.findIndex((f) => f.id === field.id);
  if (index === -1) return [...fields, field];
  const next = fields.slice();
  next[index] = field;
  return next;
}

const updateFields = (
  client: QueryClient,
  farmId: string,
  change: (fields: readonly FieldFeature[]) => FieldFeature[],
): FieldFeature[] => {
  const key: QueryKey = queryKeys.farms.fields(farmId);
  return client.setQueryData<FieldFeature[]>(key, (fields) => (fields ? change(fields) : fields)) ?? NO_FIELDS;
};

/** Fields the server saved (drawn, edited): put in place, new ones added; returns the farm's fields now. */
export const fieldsSaved = (client: QueryClient, farmId: string, saved: readonly FieldFeature[]): FieldFeature[] =>
  updateFields(client, farmId, (fields) => saved.reduce(replaceField, [...fields]));

/**
 * Fields changed outside manage mode (a crop type set from the imagery timeline or the field list):
 * those of this farm are put in place, others ignored.
 */
export const fieldsUpdated = (client: QueryClient, farmId: string, updated: readonly FieldFeature[]): void => {
  updateFields(client, farmId, (fields) =>
    updated.reduce(
      (next, field) => (next.some((f) => f.id === field.id) ? replaceField(next, field) : next),
      [...fields],
    ),
  );
};

/** A field the server deleted leaves the farm's fields. */
export const fieldRemoved = (client: QueryClient, farmId: string, fieldId: string): void => {
  updateFields(client, farmId, (fields) => fields.filter((f) => f.id !== fieldId));
};

/** The farm as the server answered a change to it (its name). */
export const farmSaved = (client: QueryClient, farm: FarmFeature): void => {
  client.setQueryData(queryKeys.farms.detail(farm.id), farm);
};
