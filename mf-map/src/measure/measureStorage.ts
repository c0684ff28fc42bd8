import type { MapStore } from '../store';

/** Where the measure tool's active state is kept (spec 1 §4.4). */
export const MEASURE_STORAGE_KEY = 'paddock.map.measure';

/**
 * Spec 1 §4.4: the measure tool's active state lives in local storage and is cleared on load.
 * Clears it now, then writes every change; returns the unsubscribe.
 */
export function keepMeasureModeInStorage(store: MapStore, storage: Storage = window.localStorage): () => void {
  storage.removeItem(MEASURE_STORAGE_KEY);
  return store.subscribe((state, previous) => {
    if (state.measureMode === previous.measureMode) return;
    if (state.measureMode) storage.setItem(MEASURE_STORAGE_KEY, state.measureMode);
    else storage.removeItem(MEASURE_STORAGE_KEY);
  });
}
