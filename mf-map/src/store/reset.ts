import { defaultLayerAlgorithm, type ImageryAlgorithm } from '@paddock/shared/contracts';
import type { MapLayerId } from './imagerySlice';
import type { DrawingState } from './manageRules';
import type { MapState } from './mapStore';

/**
 * What one slice's transition sets in another's state (spec 1 §4.3: each mode resets what belongs to
 * the others). The slices import these from here, never from each other.
 */

/** Spec 1 §4.3 / spec 2 §4: the calculation a layer starts with (zoning has none). */
export const DEFAULT_ALGORITHM: Record<MapLayerId, ImageryAlgorithm | null> = {
  ...defaultLayerAlgorithm,
  zoning: null,
};

/** Imagery state that belongs to one visit of a layer; leaving view, manage or zoning drops it. */
export const IMAGERY_RESET = { selectedDate: null, rasterLoading: false, exportMode: false } as const;

export const layerChoice = (layer: MapLayerId) =>
  ({ selectedLayer: layer, selectedDate: null, selectedAlgorithm: DEFAULT_ALGORITHM[layer] }) as const;

/** Zoning state that belongs to one visit of zoning mode. */
export const ZONING_RESET = {
  selectedZone: null,
  selectionLocked: false,
  zoneImageShown: false,
  zoneCount: null,
  zoningResolution: null,
  zoningSource: 'date',
  zoningSeasons: null,
  stabilityShown: false,
} as const;

/** Spec 1 §4.4: once zoning has started, the selection cannot change in zoning and edit-zone modes. */
export const isSelectionLocked = (s: MapState): boolean =>
  (s.mode === 'zoning' || s.mode === 'edit-zone') && s.selectionLocked;

/** Spec 1 §4.3: entering zoning from high-res or zoning imagery goes back to the standard layer. */
export function enterZoning(s: MapState): Partial<MapState> {
  const fromLayer = s.selectedLayer === 'high_res' || s.selectedLayer === 'zoning' ? layerChoice('standard') : {};
  return { ...fromLayer, ...ZONING_RESET, exportMode: false };
}

export const IDLE_DRAWING: DrawingState = {
  phase: 'idle',
  geometry: null,
  areaHa: null,
  name: '',
  cropType: null,
  pendingSwitch: null,
};

/** Leaves manage mode's own state behind. */
export const MANAGE_RESET = { manageStatus: 'none', drawing: IDLE_DRAWING, currentField: null } as const;

/** Drawing or editing starts afresh: no imagery or zoning of the last visit, no measuring. */
export const STARTING = { ...IMAGERY_RESET, ...ZONING_RESET, mode: 'manage', measureMode: null } as const;

/**
 * Phone width (the page's CSS breakpoint): the field sheet starts folded to its header so the map
 * keeps most of the screen (issue 27); a tap on 'Show field menu' opens it.
 */
export const phoneWidth = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(max-width: 640px)').matches;
