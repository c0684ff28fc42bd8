import { createRoot } from 'react-dom/client';
import { createMapApi } from '../api/mapApi';
import { createMapStore } from '../store';
import { EmbeddedFarmMap } from './EmbeddedFarmMap';
import type { FarmMapInstance, FarmMapOptions } from '@paddock/shared/contracts';
import { createEmitter, selectedFeatures } from './events';

export type { FarmMapEvents, FarmMapEventName, FieldGeoJson } from './events';
export type { FarmMapInstance, FarmMapOptions };

/**
 * The farm map for pages outside Paddock (ARCHITECTURE §2): framework-free for the caller, its own
 * React root inside `element`, events as plain GeoJSON.
 */
export function createFarmMap(
  element: HTMLElement,
  { farmId, getToken, apiUrl, mode = 'view' }: FarmMapOptions,
): FarmMapInstance {
  const emitter = createEmitter();
  const store = createMapStore();
  const api = createMapApi({ config: { apiUrl }, getToken: () => getToken() });

  let echo = true;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.selectedFields !== previous.selectedFields && echo) {
      emitter.emit('select', { fields: selectedFeatures(state.fields, state.selectedFields) });
    }
  });

  const root = createRoot(element);
  root.render(
    <EmbeddedFarmMap farmId={farmId} api={api} store={store} emitter={emitter} selectable={mode === 'select'} />,
  );

  return {
    on: (event, listener) => emitter.on(event, listener),
    setSelection(fieldIds) {
      echo = false;
      try {
        store.getState().setSelection(fieldIds);
      } finally {
        echo = true;
      }
    },
    destroy() {
      unsubscribe();
      emitter.clear();
      root.unmount();
    },
  };
}
