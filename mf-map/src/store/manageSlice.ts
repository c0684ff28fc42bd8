import type { AreaGeometry, FieldFeature } from '@paddock/shared/contracts';
import { defaultFieldName } from '../map-core/fieldNames';
import { backToBoundaries, editing, type DrawingPhase, type DrawingState, type ManageStatus } from './manageRules';
import type { MapSlice, MapState } from './mapStore';
import { IDLE_DRAWING, phoneWidth, STARTING } from './reset';

/** Manage mode (spec 1 §4.4): drawing a new field or editing one, up to its save. */
export interface ManageSlice {
  manageStatus: ManageStatus;
  drawing: DrawingState;
  /** The field being edited in manage mode (null while a new one is drawn). */
  currentField: string | null;

  /** Boundaries toolbar 'create' (or Add Field → Draw Field): enters manage mode and draws the farm's next field. */
  startDrawing(fieldCount: number): void;
  sketchClosed(geometry: AreaGeometry, areaHa: number): void;
  /** A vertex moved. */
  geometryChanged(geometry: AreaGeometry, areaHa: number): void;
  /** Finish Editing: on to the Field Details panel. */
  finishEditing(): void;
  setDetails(details: { name?: string; cropType?: string | null }): void;
  /** Edit one of the farm's fields; while another is being edited this asks first (pendingSwitch). */
  editField(fieldId: string, fields: readonly FieldFeature[]): void;
  cancelSwitch(): void;
  /** Cancel: discards the drawing and closes the panel. */
  cancelDrawing(): void;
  /**
   * The server saved the field (`fields`: the farm's fields with it); with a pending switch the next
   * field opens, otherwise the panel closes.
   */
  fieldSaved(fields: readonly FieldFeature[]): void;
  fieldRemoved(fieldId: string): void;
}

const inPhase = (s: MapState, ...phases: DrawingPhase[]) => phases.includes(s.drawing.phase);

export const createManageSlice: MapSlice<ManageSlice> = (set) => ({
  manageStatus: 'none',
  drawing: IDLE_DRAWING,
  currentField: null,

  startDrawing: (fieldCount) =>
    set((s) =>
      !s.access.edit || !inPhase(s, 'idle')
        ? {}
        : {
            ...STARTING,
            manageStatus: 'create',
            currentField: null,
            selectedFields: [],
            drawing: { ...IDLE_DRAWING, phase: 'drawing', name: defaultFieldName(fieldCount) },
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
  editField: (fieldId, fields) =>
    set((s) => {
      if (inPhase(s, 'idle')) return editing(s, fieldId, fields);
      return s.currentField === fieldId ? {} : { drawing: { ...s.drawing, pendingSwitch: fieldId } };
    }),
  cancelSwitch: () => set((s) => ({ drawing: { ...s.drawing, pendingSwitch: null } })),
  cancelDrawing: () => set((s) => (inPhase(s, 'idle') ? {} : backToBoundaries(s))),
  fieldSaved: (fields) =>
    set((s) => {
      const pending = s.drawing.pendingSwitch;
      return { ...backToBoundaries(s), ...(pending ? editing(s, pending, fields) : {}) };
    }),
  fieldRemoved: (fieldId) =>
    set((s) => {
      if (s.currentField === fieldId || s.mode === 'manage') return backToBoundaries(s);
      return { selectedFields: s.selectedFields.filter((id) => id !== fieldId) };
    }),
});
