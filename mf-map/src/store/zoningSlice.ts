import type { ImageryAlgorithm, ZoningLayer, ZoningSource } from '@paddock/shared/contracts';
import { layerChoice } from './reset';
import type { MapSlice } from './mapStore';

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
  /** Issue 26: what the zones are made from (one date, seasons, Rapid-EM with imagery). */
  zoningSource: ZoningSource;
  /** Productivity zones: the seasons chosen, by the year they start in (null until the user picks: the last three). */
  zoningSeasons: number[] | null;
  /** EM with imagery: the weights of the shallow, deep and imagery layers. */
  emWeights: EmWeights;
  /** The stability layer on the map in place of the zones. */
  stabilityShown: boolean;

  /** A new layer or calculation starts the zones over: no zone count, resolution or zone picked. */
  setZoningLayer(layer: ZoningLayer): void;
  setZoningAlgorithm(algorithm: ImageryAlgorithm): void;
  setZoneCount(count: number | null): void;
  setZoningResolution(level: number | null): void;
  setZoningSource(source: ZoningSource): void;
  setZoningSeasons(seasons: number[]): void;
  setEmWeights(weights: EmWeights): void;
  setStabilityShown(shown: boolean): void;
  setSelectedZone(zoneId: string | null): void;
  setZoneTransparency(opacity: number): void;
  setZoneImageShown(shown: boolean): void;
  lockSelection(locked: boolean): void;
}

export interface EmWeights {
  shallow: number;
  deep: number;
  index: number;
}

export const DEFAULT_EM_WEIGHTS: EmWeights = { shallow: 1, deep: 1, index: 1 };

/** What changing the layer or calculation drops (spec 2 §5: zones and resolution reset). */
const ZONES_RESET = { zoneCount: null, zoningResolution: null, selectedZone: null } as const;

export const createZoningSlice: MapSlice<ZoningSlice> = (set) => ({
  selectedZone: null,
  zoneTransparency: 1,
  zoneImageShown: false,
  selectionLocked: false,
  zoneCount: null,
  zoningResolution: null,
  zoningSource: 'date',
  zoningSeasons: null,
  emWeights: DEFAULT_EM_WEIGHTS,
  stabilityShown: false,

  setZoningLayer: (layer) => set((s) => (s.selectedLayer === layer ? {} : { ...layerChoice(layer), ...ZONES_RESET })),
  setZoningAlgorithm: (selectedAlgorithm) =>
    set((s) => (s.selectedAlgorithm === selectedAlgorithm ? {} : { selectedAlgorithm, ...ZONES_RESET })),
  setZoneCount: (zoneCount) => set({ zoneCount }),
  setZoningResolution: (zoningResolution) => set({ zoningResolution }),
  // Seasons and EM with imagery are made from a satellite calculation: back to the standard layer.
  setZoningSource: (zoningSource) =>
    set((s) =>
      s.zoningSource === zoningSource
        ? {}
        : {
            zoningSource,
            stabilityShown: false,
            ...(zoningSource !== 'date' && s.selectedLayer !== 'standard' ? layerChoice('standard') : {}),
          },
    ),
  setZoningSeasons: (seasons) => set({ zoningSeasons: [...new Set(seasons)].sort((a, b) => a - b) }),
  setEmWeights: (emWeights) => set({ emWeights }),
  setStabilityShown: (stabilityShown) => set({ stabilityShown }),
  setSelectedZone: (selectedZone) => set({ selectedZone }),
  setZoneTransparency: (opacity) => set({ zoneTransparency: Math.min(1, Math.max(0, opacity)) }),
  setZoneImageShown: (zoneImageShown) => set({ zoneImageShown }),
  lockSelection: (selectionLocked) => set({ selectionLocked }),
});
