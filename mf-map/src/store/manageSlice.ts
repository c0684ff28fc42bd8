import type { AreaGeometry, FieldFeature } from '@paddock/shared/contracts';
import { defaultFieldName } from '../map-core/fieldNames';
import {
  backToBoundaries,
  editing,
  replaceField,
  type DrawingPhase,
  type DrawingState,
  type ManageStatus,
} from './manageRules';
import type { MapSlice, MapState } from './mapStore';
import { IDLE_DRAWING, phoneWidth, STARTING } from './reset';

/** Manage mode (spec 1 §4.4): drawing a new field or editing one, up to its save. */
export interface ManageSlice {
  manageStatus: ManageStatus;
  drawing: DrawingState;
  /** The field being edited in manage mode (null while a new one is drawn). */
  currentField: string | null;

  /** Boundaries toolbar 'create' (or Add Field → Draw Field): enters manage mode and draws. */
  startDrawing(): void;
  sketchClosed(geometry: AreaGeometry, areaHa: number): void;
  /** A vertex moved. */
  geometryChanged(geometry: AreaGeometry, areaHa: number): void;
  /** Finish Editing: on to the Field Details panel. */
  finishEditing(): void;
  setDetails(details: { name?: string; cropType?: string | null }): void;
  /** Edit a field; while another is being edited this asks first (pendingSwitch). */
  editField(fieldId: string): void;
  cancelSwitch(): void;
  /** Cancel: discards the drawing and closes the panel. */
  cancelDrawing(): void;
  /** The server saved the field; with a pending switch the next field opens, otherwise the panel closes. */
  fieldSaved(field: FieldFeature): void;
  fieldRemoved(fieldId: string): void;
}

const inPhase = (s: MapState, ...phases: DrawingPhase[]) => phases.includes(s.drawing.phase);

export const createManageSlice: MapSlice<ManageSlice> = (set) => ({
  manageStatus: 'none',
  drawing: IDLE_DRAWING,
  currentField: null,

  startDrawing: () =>
    set((s) =>
      !s.access.edit || !inPhase(s, 'idle')
        ? {}
        : {
            ...STARTING,
            manageStatus: 'create',
            currentField: null,
            selectedFields: [],
            drawing: { ...IDLE_DRAWING, phase: 'drawing', name: defaultFieldName(s.fields.length) },
            // On a phone the sheet folds while the corners are tapped: the map needs the screen.
            ...(phoneWidth() ? { drawerOpen: false } : {}),
          },
    ),
  sketchClosed: (geometry, areaHa) =>
    set((s) => (inPhase(s, 'drawing') ? { drawing: { ...s.drawing, phase: 'shaping', geometry, areaHa } } : {})),
  geometryChanged: (geometry, areaHa) =>
    set((s) => (inPhase(s, 'shaping', 'details') ? { drawing: { ...s.drawing, geometry, areaHa } } : {})),
  finishEditing: () =>
    set((s) => (inPhase(s, 'shaping') && s.drawing.geometry ? { drawing: { ...s.drawing, phase: 'details' } } : {})),
  setDetails: (details) => set((s) => (inPhase(s, 'idle') ? {} : { drawing: { ...s.drawing, ...details } })),
  editField: (fieldId) =>
    set((s) => {
      if (inPhase(s, 'idle')) return editing(s, fieldId);
      return s.currentField === fieldId ? {} : { drawing: { ...s.drawing, pendingSwitch: fieldId } };
    }),
  cancelSwitch: () => set((s) => ({ drawing: { ...s.drawing, pendingSwitch: null } })),
  cancelDrawing: () => set((s) => (inPhase(s, 'idle') ? {} : backToBoundaries(s))),
  fieldSaved: (field) =>
    set((s) => {
      const fields = replaceField(s.fields, field);
      const pending = s.drawing.pendingSwitch;
      return { fields, ...backToBoundaries(s), ...(pending ? editing({ ...s, fields }, pending) : {}) };
    }),
  fieldRemoved: (fieldId) =>
    set((s) => {
      const fields = s.fields.filter((f) => f.id !== fieldId);
      if (s.currentField === fieldId || s.mode === 'manage') return { fields, ...backToBoundaries(s) };
      return { fields, selectedFields: s.selectedFields.filter((id) => id !== fieldId) };
    }),
});
