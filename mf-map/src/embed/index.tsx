import { createRoot } from 'react-dom/client';
import { createBus } from '@paddock/shared/bus';
import { createQueryClient } from '@paddock/shared/query';
import { createMapApi } from '../api/mapApi';
import { fieldsOf } from '../map-core/farmData';
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
  // Its page has no Paddock host: failures are reported as events, so this bus goes nowhere.
  const bus = createBus(new EventTarget());
  const queryClient = createQueryClient({ bus });
  const fields = () => fieldsOf(queryClient, store.getState().farmId);
  const api = createMapApi({ config: { apiUrl }, getToken: () => getToken() });

  let echo = true;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.selectedFields !== previous.selectedFields && echo) {
      emitter.emit('select', { fields: selectedFeatures(fields(), state.selectedFields) });
    }
  });

  const root = createRoot(element);
  const parts = { farmId, api, store, bus, queryClient, emitter };
  root.render(<EmbeddedFarmMap {...parts} selectable={mode === 'select'} />);

  return {
    on: (event, listener) => emitter.on(event, listener),
    setSelection(fieldIds) {
      echo = false;
      try {
        store.getState().setSelection(fieldIds, fields());
      } finally {
        echo = true;
      }
    },
    destroy() {
      unsubscribe();
      emitter.clear();
      root.unmount();
      queryClient.clear();
    },
  };
}
