import type { AreaGeometry, FieldFeature } from '@paddock/shared/contracts';
import { createMapStore, type MapAccess } from '../store';
import { makeFarm, makeFields } from './fixtures';

export const editor: MapAccess = { edit: true, multiSelect: false, advanced: false };
export const advancedEditor: MapAccess = { edit: true, multiSelect: true, advanced: true };
export const viewer: MapAccess = { edit: false, multiSelect: false, advanced: false };

/** A map store with this access, holding farm f1 and these fields (three by default). */
export function storeWith(access: MapAccess, fields: FieldFeature[] = makeFields(3)) {
  const store = createMapStore();
  store.getState().setAccess(access);
  store.getState().loadFarm(makeFarm(), fields);
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
