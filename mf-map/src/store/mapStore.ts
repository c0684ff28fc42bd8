import { createStore, type StoreApi } from 'zustand';
import type { AreaGeometry, CatalogEntry, FarmFeature, FieldFeature } from '@paddock/shared/contracts';
import { defaultFieldName } from '../fields/fieldDetails';

/** Spec 1 §2.7: the map page's modes. Close buttons return to view. */
export type MapMode = 'view' | 'manage' | 'zoning' | 'edit-zone' | 'book-em';

/** Spec 1 §4.4: where manage mode stands (measuring has its own `measureMode`). */
export type ManageStatus = 'none' | 'create-boundaries' | 'create' | 'edit';

export type MeasureMode = 'line' | 'area' | null;

/** Spec 1 §9 layer choices. */
export type MapLayerId = 'standard' | 'high_res' | 'sensor_em' | 'zoning';

/** Spec 2 §4 calculations, and the Rapid-EM depths that take their place on the sensor layer. */
export type Algorithm = 'NDVI' | 'NDVI-R' | 'COLOUR' | 'NDRE' | 'THERMAL' | 'PCD' | 'SHALLOW' | 'DEEP';

/**
 * The boundary being drawn or edited. `drawing`: the Draw tool is out and nothing is closed yet;
 * `shaping`: a closed boundary whose vertices can be moved (Finish Editing / Cancel); `details`:
 * the Field Details panel is open (vertices still movable).
 */
export type DrawingPhase = 'idle' | 'drawing' | 'shaping' | 'details';

export interface DrawingState {
  phase: DrawingPhase;
  /** The boundary as the map has it now (WGS84), null until one is closed. */
  geometry: AreaGeometry | null;
  /** Its geodesic area in hectares. */
  areaHa: number | null;
  /** The Field Details panel's values (kept here so 'Save changes and continue' can save them). */
  name: string;
  cropType: string | null;
  /** A field the user asked to switch to while editing; waits for 'Save changes and continue' or 'Cancel'. */
  pendingSwitch: string | null;
}

/** What the signed-in user may do here; decided from the farm role and the profile. */
export interface MapAccess {
  /** Owner or editor: fields can be drawn, edited and deleted. */
  edit: boolean;
  /** The field:multi_select flag on an Advanced account (spec 1 §4.4). */
  multiSelect: boolean;
  /** Advanced tier: no upsell cues. */
  advanced: boolean;
}

export type SelectionNotice = 'too-many-fields' | 'multi-select-upsell';

/** The map state of spec 1 §3 and spec 2 §3, with its transitions as actions. */
export interface MapState {
  mode: MapMode;
  manageStatus: ManageStatus;
  drawing: DrawingState;
  farm: FarmFeature | null;
  fields: FieldFeature[];
  selectedFields: string[];
  drawerOpen: boolean;
  measureMode: MeasureMode;
  exportMode: boolean;
  selectedLayer: MapLayerId;
  selectedAlgorithm: Algorithm | null;
  catalog: CatalogEntry[] | null;
  selectedDate: string | null;
  selectedZone: string | null;
  rasterLoading: boolean;
  cropTypes: string[];
  /** The field being edited in manage mode (null while a new one is drawn). */
  currentField: string | null;
  /** Zone layer opacity, 0 to 1 (spec 2 §9: default 1). */
  zoneTransparency: number;
  /** Once zoning has started, the selection is locked in zoning and edit-zone modes. */
  selectionLocked: boolean;
  selectionNotice: SelectionNotice | null;
  access: MapAccess;

  setAccess(access: MapAccess): void;
  /** A farm and its fields, freshly loaded; the selection keeps what still exists. */
  loadFarm(farm: FarmFeature, fields: FieldFeature[]): void;
  setFarm(farm: FarmFeature): void;
  setCropTypes(cropTypes: string[]): void;
  setMode(mode: MapMode): void;
  selectLayer(layer: MapLayerId): void;
  setAlgorithm(algorithm: Algorithm | null): void;
  setCatalog(catalog: CatalogEntry[] | null): void;
  setSelectedDate(date: string | null): void;
  setSelectedZone(zoneId: string | null): void;
  setRasterLoading(loading: boolean): void;
  setZoneTransparency(opacity: number): void;
  lockSelection(locked: boolean): void;
  setExportMode(on: boolean): void;
  setDrawerOpen(open: boolean): void;
  setMeasureMode(mode: MeasureMode): void;

  /** A click on a field or its checkbox: single select replaces, multi-select toggles. */
  toggleField(fieldId: string): void;
  /** Select All over the given (e.g. searched) fields; Basic users get the upsell instead. */
  selectAll(fieldIds: string[]): void;
  /** A selection set from outside (navigation state, an embedding page), within the same rules. */
  setSelection(fieldIds: string[]): void;
  clearSelection(): void;
  dismissSelectionNotice(): void;

  /** Boundaries toolbar 'create' (or Add Field → Draw Field): enters manage mode and draws. */
  startDrawing(): void;
  /** The drawn polygon was closed. */
  sketchClosed(geometry: AreaGeometry, areaHa: number): void;
  /** A vertex moved. */
  geometryChanged(geometry: AreaGeometry, areaHa: number): void;
  /** Finish Editing: on to the Field Details panel. */
  finishEditing(): void;
  /** The user typed a name or chose a crop type in the Field Details panel. */
  setDetails(details: { name?: string; cropType?: string | null }): void;
  /** Edit a field; while another is being edited this asks first (pendingSwitch). */
  editField(fieldId: string): void;
  cancelSwitch(): void;
  /** Cancel: discards the drawing and closes the panel. */
  cancelDrawing(): void;
  /** The server saved the field; with a pending switch the next field opens, otherwise the panel closes. */
  fieldSaved(field: FieldFeature): void;
  /** A field changed outside manage mode (e.g. its crop type was set from the imagery timeline). */
  fieldUpdated(field: FieldFeature): void;
  fieldRemoved(fieldId: string): void;
}

export type MapStore = StoreApi<MapState>;

/** Spec 1 §5 / spec 2 §5: a field this large cannot be selected for zoning. */
export const ZONING_AREA_LIMIT_HA = 800;
/** Spec 2 §9: more selected fields than this brings up a warning. */
export const MANY_FIELDS_WARNING = 50;

/** Spec 1 §4.3 / spec 2 §4: the calculation a layer starts with. */
export const DEFAULT_ALGORITHM: Record<MapLayerId, Algorithm | null> = {
  standard: 'NDVI',
  high_res: 'NDVI',
  sensor_em: 'SHALLOW',
  zoning: null,
};

const IDLE_DRAWING: DrawingState = {
  phase: 'idle',
  geometry: null,
  areaHa: null,
  name: '',
  cropType: null,
  pendingSwitch: null,
};

const NO_ACCESS: MapAccess = { edit: false, multiSelect: false, advanced: false };

/** Imagery state that belongs to one layer and one visit of it. */
const LAYER_SPECIFIC_RESET = {
  catalog: null,
  selectedDate: null,
  selectedZone: null,
  rasterLoading: false,
  exportMode: false,
  selectionLocked: false,
} as const;

/** Leaves manage mode's own state behind. */
const MANAGE_RESET = { manageStatus: 'none', drawing: IDLE_DRAWING, currentField: null } as const;

const layerChoice = (layer: MapLayerId) => ({
  selectedLayer: layer,
  catalog: null,
  selectedDate: null,
  selectedAlgorithm: DEFAULT_ALGORITHM[layer],
});

const isMultiSelect = (s: MapState) => s.access.multiSelect && s.mode !== 'manage';

/** Spec 1 §4.4: once zoning has started, the selection cannot change in zoning and edit-zone modes. */
const isLocked = (s: MapState) => (s.mode === 'zoning' || s.mode === 'edit-zone') && s.selectionLocked;

/** Whether a field may join the selection now (spec 1 §4.4: not 800 ha or more in zoning). */
function isSelectable(s: MapState, fieldId: string): boolean {
  const field = s.fields.find((f) => f.id === fieldId);
  if (!field) return false;
  return !(s.mode === 'zoning' && field.properties.area >= ZONING_AREA_LIMIT_HA);
}

/** The warning comes up when a change carries the selection past the limit, not on every later change. */
const noticeFor = (before: string[], after: string[], current: SelectionNotice | null): SelectionNotice | null =>
  after.length > MANY_FIELDS_WARNING && before.length <= MANY_FIELDS_WARNING ? 'too-many-fields' : current;

function withSelection(s: MapState, next: string[]): Partial<MapState> {
  return { selectedFields: next, selectionNotice: noticeFor(s.selectedFields, next, s.selectionNotice) };
}

/** Editing starts on this field's boundary, with the field selected and the panel closed. */
function editing(s: MapState, fieldId: string): Partial<MapState> {
  const field = s.fields.find((f) => f.id === fieldId);
  if (!field || !s.access.edit) return {};
  return {
    ...LAYER_SPECIFIC_RESET,
    mode: 'manage',
    manageStatus: 'edit',
    measureMode: null,
    currentField: fieldId,
    selectedFields: [fieldId],
    drawing: {
      phase: 'shaping',
      geometry: field.geometry,
      areaHa: field.properties.area,
      name: field.properties.field_name,
      cropType: field.properties.field_crop_type,
      pendingSwitch: null,
    },
  };
}

/** After save, cancel or delete: still in manage mode, nothing being edited, nothing selected. */
const backToBoundaries = (s: MapState): Partial<MapState> => ({
  manageStatus: s.mode === 'manage' ? 'create-boundaries' : 'none',
  drawing: IDLE_DRAWING,
  currentField: null,
  selectedFields: [],
});

function replaceField(fields: FieldFeature[], field: FieldFeature): FieldFeature[] {
  const index = fields.findIndex((f) => f.id === field.id);
  if (index === -1) return [...fields, field];
  const next = fields.slice();
  next[index] = field;
  return next;
}

function modeChange(s: MapState, mode: MapMode): Partial<MapState> {
  switch (mode) {
    case 'view':
      // Spec 1 §4.3: keeps the map, the fields and the selection.
      return { mode, ...LAYER_SPECIFIC_RESET, ...MANAGE_RESET };
    case 'manage':
      if (!s.access.edit) return {};
      return {
        mode,
        ...LAYER_SPECIFIC_RESET,
        ...MANAGE_RESET,
        manageStatus: 'create-boundaries',
        measureMode: null,
        selectedFields: [],
      };
    case 'zoning': {
      const fromLayer = s.selectedLayer === 'high_res' || s.selectedLayer === 'zoning' ? layerChoice('standard') : {};
      return { mode, ...MANAGE_RESET, ...fromLayer, selectedZone: null, selectionLocked: false, exportMode: false };
    }
    default:
      return { mode, ...MANAGE_RESET, exportMode: false };
  }
}

/** One store per mount, so a remount (or a test, or a second embedded map) never shares state. */
export function createMapStore(): MapStore {
  return createStore<MapState>()((set) => ({
    mode: 'view',
    manageStatus: 'none',
    drawing: IDLE_DRAWING,
    farm: null,
    fields: [],
    selectedFields: [],
    drawerOpen: true,
    measureMode: null,
    exportMode: false,
    selectedLayer: 'standard',
    selectedAlgorithm: DEFAULT_ALGORITHM.standard,
    catalog: null,
    selectedDate: null,
    selectedZone: null,
    rasterLoading: false,
    cropTypes: [],
    currentField: null,
    zoneTransparency: 1,
    selectionLocked: false,
    selectionNotice: null,
    access: NO_ACCESS,

    setAccess: (access) =>
      set((s) => (access.edit || s.mode !== 'manage' ? { access } : { access, mode: 'view', ...MANAGE_RESET })),
    loadFarm: (farm, fields) =>
      set((s) => {
        const ids = new Set(fields.map((f) => f.id));
        const kept = s.selectedFields.filter((id) => ids.has(id));
        return { farm, fields, ...(kept.length === s.selectedFields.length ? {} : { selectedFields: kept }) };
      }),
    setFarm: (farm) => set({ farm }),
    setCropTypes: (cropTypes) => set({ cropTypes }),
    setMode: (mode) => set((s) => modeChange(s, mode)),
    selectLayer: (layer) => set(layerChoice(layer)),
    setAlgorithm: (selectedAlgorithm) => set({ selectedAlgorithm }),
    setCatalog: (catalog) => set({ catalog }),
    setSelectedDate: (selectedDate) => set({ selectedDate }),
    setSelectedZone: (selectedZone) => set({ selectedZone }),
    setRasterLoading: (rasterLoading) => set({ rasterLoading }),
    setZoneTransparency: (opacity) => set({ zoneTransparency: Math.min(1, Math.max(0, opacity)) }),
    lockSelection: (selectionLocked) => set({ selectionLocked }),
    setExportMode: (exportMode) => set({ exportMode }),
    setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
    setMeasureMode: (measureMode) => set((s) => (s.mode === 'manage' ? {} : { measureMode })),

    toggleField: (fieldId) =>
      set((s) => {
        const selected = s.selectedFields.includes(fieldId);
        if (isLocked(s) || (!selected && !isSelectable(s, fieldId))) return {};
        if (selected && !isMultiSelect(s)) return withSelection(s, s.selectedFields.length > 1 ? [fieldId] : []);
        if (!isMultiSelect(s)) return withSelection(s, [fieldId]);
        return withSelection(
          s,
          selected ? s.selectedFields.filter((id) => id !== fieldId) : [...s.selectedFields, fieldId],
        );
      }),
    selectAll: (fieldIds) =>
      set((s) => {
        if (isLocked(s)) return {};
        if (!isMultiSelect(s))
          return s.access.advanced || s.mode === 'manage' ? {} : { selectionNotice: 'multi-select-upsell' };
        const merged = new Set([...s.selectedFields, ...fieldIds.filter((id) => isSelectable(s, id))]);
        return withSelection(s, [...merged]);
      }),
    setSelection: (fieldIds) =>
      set((s) => {
        if (isLocked(s)) return {};
        const selectable = fieldIds.filter((id, index) => fieldIds.indexOf(id) === index && isSelectable(s, id));
        return withSelection(s, isMultiSelect(s) ? selectable : selectable.slice(0, 1));
      }),
    clearSelection: () => set((s) => (isLocked(s) ? {} : { selectedFields: [], selectionNotice: null })),
    dismissSelectionNotice: () => set({ selectionNotice: null }),

    startDrawing: () =>
      set((s) => {
        if (!s.access.edit || s.drawing.phase !== 'idle') return {};
        return {
          ...LAYER_SPECIFIC_RESET,
          mode: 'manage',
          manageStatus: 'create',
          measureMode: null,
          currentField: null,
          selectedFields: [],
          drawing: { ...IDLE_DRAWING, phase: 'drawing', name: defaultFieldName(s.fields.length) },
        };
      }),
    sketchClosed: (geometry, areaHa) =>
      set((s) =>
        s.drawing.phase === 'drawing' ? { drawing: { ...s.drawing, phase: 'shaping', geometry, areaHa } } : {},
      ),
    geometryChanged: (geometry, areaHa) =>
      set((s) =>
        s.drawing.phase === 'shaping' || s.drawing.phase === 'details'
          ? { drawing: { ...s.drawing, geometry, areaHa } }
          : {},
      ),
    finishEditing: () =>
      set((s) =>
        s.drawing.phase === 'shaping' && s.drawing.geometry ? { drawing: { ...s.drawing, phase: 'details' } } : {},
      ),
    setDetails: (details) => set((s) => (s.drawing.phase === 'idle' ? {} : { drawing: { ...s.drawing, ...details } })),
    editField: (fieldId) =>
      set((s) => {
        if (s.drawing.phase !== 'idle' && s.currentField !== fieldId)
          return { drawing: { ...s.drawing, pendingSwitch: fieldId } };
        if (s.drawing.phase !== 'idle') return {};
        return editing(s, fieldId);
      }),
    cancelSwitch: () => set((s) => ({ drawing: { ...s.drawing, pendingSwitch: null } })),
    cancelDrawing: () => set((s) => (s.drawing.phase === 'idle' ? {} : backToBoundaries(s))),
    fieldSaved: (field) =>
      set((s) => {
        const next = { ...s, fields: replaceField(s.fields, field) };
        const pending = s.drawing.pendingSwitch;
        return { fields: next.fields, ...backToBoundaries(s), ...(pending ? editing(next, pending) : {}) };
      }),
    fieldUpdated: (field) =>
      set((s) => (s.fields.some((f) => f.id === field.id) ? { fields: replaceField(s.fields, field) } : {})),
    fieldRemoved: (fieldId) =>
      set((s) => {
        const fields = s.fields.filter((f) => f.id !== fieldId);
        const wasCurrent = s.currentField === fieldId;
        return {
          fields,
          ...(wasCurrent || s.mode === 'manage'
            ? backToBoundaries(s)
            : { selectedFields: s.selectedFields.filter((id) => id !== fieldId) }),
        };
      }),
  }));
}
