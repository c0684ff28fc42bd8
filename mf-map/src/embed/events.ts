import type { FarmMapEvents, FieldFeature } from '@paddock/shared/contracts';

/** A field as an embedding page receives it: plain GeoJSON (WGS84), never an OpenLayers object. */
export type FieldGeoJson = FieldFeature;

/** Everything an embedded map tells its page (the contract in @paddock/shared/contracts). */
export type { FarmMapEvents };

export type FarmMapEventName = keyof FarmMapEvents;

type Listener<E extends FarmMapEventName> = (payload: FarmMapEvents[E]) => void;

/** A tiny typed emitter; listener errors are the page's own and do not stop other listeners. */
export function createEmitter() {
  const listeners = new Map<FarmMapEventName, Set<Listener<FarmMapEventName>>>();
  return {
    on<E extends FarmMapEventName>(event: E, listener: Listener<E>): () => void {
      const set = listeners.get(event) ?? new Set();
      set.add(listener as Listener<FarmMapEventName>);
      listeners.set(event, set);
      return () => set.delete(listener as Listener<FarmMapEventName>);
    },
    emit<E extends FarmMapEventName>(event: E, payload: FarmMapEvents[E]): void {
      for (const listener of listeners.get(event) ?? []) {
        try {
          listener(payload);
        } catch (error) {
          console.error(`[mf_map embed] a '${event}' listener failed`, error);
        }
      }
    },
    clear: () => listeners.clear(),
  };
}

/** The selected fields as detached GeoJSON: the page may keep or change them without touching the map's state. */
export function selectedFeatures(fields: FieldFeature[], selectedIds: string[]): FieldGeoJson[] {
  const byId = new Map(fields.map((field) => [field.id, field]));
  return selectedIds.flatMap((id) => {
    const field = byId.get(id);
    return field ? [JSON.parse(JSON.stringify(field)) as FieldGeoJson] : [];
  });
}
