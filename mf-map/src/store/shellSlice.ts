import type { MapSlice, MapState } from './mapStore';
import { enterZoning, IMAGERY_RESET, MANAGE_RESET, phoneWidth, ZONING_RESET } from './reset';

/** Spec 1 §2.7: the map page's modes. Close buttons return to view. */
export type MapMode = 'view' | 'manage' | 'zoning' | 'edit-zone' | 'book-em';

export type MeasureMode = 'line' | 'area' | null;

/** What the signed-in user may do here; decided from the farm role and the profile. */
export interface MapAccess {
  /** Owner or editor: fields can be drawn, edited and deleted. */
  edit: boolean;
  /** The field:multi_select flag on an Advanced account (spec 1 §4.4). */
  multiSelect: boolean;
  /** Advanced tier: no upsell cues. */
  advanced: boolean;
}

/**
 * The page around the features: mode, the farm shown, who may do what, the drawer and the measure
 * tool. The farm and its fields themselves live in the query cache (`map-core/farmData`).
 */
export interface ShellSlice {
  mode: MapMode;
  /** The farm on the map, set once it and its fields have loaded. */
  farmId: string | null;
  access: MapAccess;
  drawerOpen: boolean;
  measureMode: MeasureMode;

  setAccess(access: MapAccess): void;
  /** A farm's fields, freshly loaded or changed: the map shows this farm; the selection keeps what still exists. */
  farmLoaded(farmId: string, fieldIds: readonly string[]): void;
  /** Spec 1 §4.3: each mode resets what belongs to the others. */
  setMode(mode: MapMode): void;
  setDrawerOpen(open: boolean): void;
  setMeasureMode(mode: MeasureMode): void;
}

const NO_ACCESS: MapAccess = { edit: false, multiSelect: false, advanced: false };

function modeChange(s: MapState, mode: MapMode): Partial<MapState> {
  switch (mode) {
    case 'view': // Spec 1 §4.3: keeps the map, the fields and the selection.
      return { mode, ...IMAGERY_RESET, ...ZONING_RESET, ...MANAGE_RESET };
    case 'manage':
      if (!s.access.edit) return {};
      return {
        mode,
        ...IMAGERY_RESET,
        ...ZONING_RESET,
        ...MANAGE_RESET,
        manageStatus: 'create-boundaries',
        measureMode: null,
        selectedFields: [],
      };
    case 'zoning':
      return { mode, ...MANAGE_RESET, ...enterZoning(s) };
    default:
      return { mode, ...MANAGE_RESET, exportMode: false };
  }
}

export const createShellSlice: MapSlice<ShellSlice> = (set) => ({
  mode: 'view',
  farmId: null,
  access: NO_ACCESS,
  drawerOpen: !phoneWidth(),
  measureMode: null,

  setAccess: (access) =>
    set((s) => (access.edit || s.mode !== 'manage' ? { access } : { access, mode: 'view', ...MANAGE_RESET })),
  farmLoaded: (farmId, fieldIds) =>
    set((s) => {
      const ids = new Set(fieldIds);
      const kept = s.selectedFields.filter((id) => ids.has(id));
      return { farmId, ...(kept.length === s.selectedFields.length ? {} : { selectedFields: kept }) };
    }),
  setMode: (mode) => set((s) => modeChange(s, mode)),
  setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
  setMeasureMode: (measureMode) => set((s) => (s.mode === 'manage' ? {} : { measureMode })),
});
