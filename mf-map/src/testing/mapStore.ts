import type { AreaGeometry, FieldFeature } from '@paddock/shared/contracts';
import { createMapStore, type MapAccess } from '../store';
import { makeFields } from './fixtures';

export const editor: MapAccess = { edit: true, multiSelect: false, advanced: false };
export const advancedEditor: MapAccess = { edit: true, multiSelect: true, advanced: true };
export const viewer: MapAccess = { edit: false, multiSelect: false, advanced: false };

/** The fields of farm f1 in the store tests: x1, x2 and x3 (the store's actions are handed them). */
export const threeFields = makeFields(3);

/** A map store with this access, showing farm f1 with these fields (three by default). */
export function storeWith(access: MapAccess, fields: FieldFeature[] = threeFields) {
  const store = createMapStore();
  store.getState().setAccess(access);
  store.getState().farmLoaded(
    'f1',
    fields.map((field) => field.id),
  );
  return store;
}

/** A small boundary as the draw tool closes it. */
export const drawnBoundary: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [147.1, -35.1],
      [147.11, -35.1],
      [147.11, -35.11],
      [147.1, -35.1],
    ],
  ],
};
