import type { AreaGeometry, FieldFeature } from '@paddock/shared/contracts';
import type { MapState } from './mapStore';
import { IDLE_DRAWING, STARTING } from './reset';

/** Spec 1 §4.4: where manage mode stands (measuring has its own `measureMode`). */
export type ManageStatus = 'none' | 'create-boundaries' | 'create' | 'edit';

/**
 * `drawing`: the Draw tool is out and nothing is closed yet; `shaping`: a closed boundary whose
 * vertices can be moved (Finish Editing / Cancel); `details`: the Field Details panel is open.
 */
export type DrawingPhase = 'idle' | 'drawing' | 'shaping' | 'details';

export interface DrawingState {
  phase: DrawingPhase;
  /** The boundary as the map has it now (WGS84), null until one is closed; its geodesic area in ha. */
  geometry: AreaGeometry | null;
  areaHa: number | null;
  /** The Field Details panel's values (kept here so 'Save changes and continue' can save them). */
  name: string;
  cropType: string | null;
  /** A field the user asked to switch to while editing; waits for 'Save changes and continue' or 'Cancel'. */
  pendingSwitch: string | null;
}

/** Editing starts on this field's boundary (looked up in the farm's fields), with the field selected and the panel closed. */
export function editing(s: MapState, fieldId: string, fields: readonly FieldFeature[]): Partial<MapState> {
  const field = fields.find((f) => f.id === fieldId);
  if (!field || !s.access.edit) return {};
  const { geometry, properties } = field;
  return {
    ...STARTING,
    manageStatus: 'edit',
    currentField: fieldId,
    selectedFields: [fieldId],
    drawing: {
      ...IDLE_DRAWING,
      phase: 'shaping',
      geometry,
      areaHa: properties.area,
      name: properties.field_name,
      cropType: properties.field_crop_type,
    },
  };
}

/** After save, cancel or delete: still in manage mode, nothing being edited, nothing selected. */
export const backToBoundaries = (s: MapState): Partial<MapState> => ({
  manageStatus: s.mode === 'manage' ? 'create-boundaries' : 'none',
  drawing: IDLE_DRAWING,
  currentField: null,
  selectedFields: [],
});
