import type { ImageryAlgorithm, ZoningLayer } from '@paddock/shared/contracts';
import { layerChoice } from './imagerySlice';
import type { MapSlice, MapState } from './mapStore';

/** Spec 2 §5 and §9: the zone picked, the zone layer's opacity and the selection lock once zoning starts. */
export interface ZoningSlice {
  selectedZone: string | null;
  /** Zone layer opacity, 0 to 1 (spec 2 §9: default 1). */
  zoneTransparency: number;
  /** The algorithm toggle (spec 2 §2 map controls): show the calculation's image instead of the zones. */
  zoneImageShown: boolean;
  /** Once zoning has started, the selection is locked in zoning and edit-zone modes. */
  selectionLocked: boolean;
  /** Map Settings (spec 2 §5): number of zones (2–5) and resolution level (1–4); the layer, calculation and date are the imagery slice's. */
  zoneCount: number | null;
  zoningResolution: number | null;

  /** A new layer or calculation starts the zones over: no zone count, resolution or zone picked. */
  setZoningLayer(layer: ZoningLayer): void;
  setZoningAlgorithm(algorithm: ImageryAlgorithm): void;
  setZoneCount(count: number | null): void;
  setZoningResolution(level: number | null): void;
  setSelectedZone(zoneId: string | null): void;
  setZoneTransparency(opacity: number): void;
  setZoneImageShown(shown: boolean): void;
  lockSelection(locked: boolean): void;
}

/** Zoning state that belongs to one visit of zoning mode. */
export const ZONING_RESET = {
  selectedZone: null,
  selectionLocked: false,
  zoneImageShown: false,
  zoneCount: null,
  zoningResolution: null,
} as const;

/** What changing the layer or calculation drops (spec 2 §5: zones and resolution reset). */
const ZONES_RESET = { zoneCount: null, zoningResolution: null, selectedZone: null } as const;

/** Spec 1 §4.4: once zoning has started, the selection cannot change in zoning and edit-zone modes. */
export const isSelectionLocked = (s: MapState): boolean =>
  (s.mode === 'zoning' || s.mode === 'edit-zone') && s.selectionLocked;

/** Spec 1 §4.3: entering zoning from high-res or zoning imagery goes back to the standard layer. */
export function enterZoning(s: MapState): Partial<MapState> {
  const fromLayer = s.selectedLayer === 'high_res' || s.selectedLayer === 'zoning' ? layerChoice('standard') : {};
  return { ...fromLayer, ...ZONING_RESET, exportMode: false };
}

export const createZoningSlice: MapSlice<ZoningSlice> = (set) => ({
  selectedZone: null,
  zoneTransparency: 1,
  zoneImageShown: false,
  selectionLocked: false,
  zoneCount: null,
  zoningResolution: null,

  setZoningLayer: (layer) => set((s) => (s.selectedLayer === layer ? {} : { ...layerChoice(layer), ...ZONES_RESET })),
  setZoningAlgorithm: (selectedAlgorithm) =>
    set((s) => (s.selectedAlgorithm === selectedAlgorithm ? {} : { selectedAlgorithm, ...ZONES_RESET })),
  setZoneCount: (zoneCount) => set({ zoneCount }),
  setZoningResolution: (zoningResolution) => set({ zoningResolution }),
  setSelectedZone: (selectedZone) => set({ selectedZone }),
  setZoneTransparency: (opacity) => set({ zoneTransparency: Math.min(1, Math.max(0, opacity)) }),
  setZoneImageShown: (zoneImageShown) => set({ zoneImageShown }),
  lockSelection: (selectionLocked) => set({ selectionLocked }),
});
