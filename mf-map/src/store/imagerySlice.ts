import {
  defaultLayerAlgorithm,
  type CatalogEntry,
  type ImageryAlgorithm,
  type ImageryLayer,
} from '@paddock/shared/contracts';
import type { MapSlice } from './mapStore';

/** Spec 1 §9 layer choices: the imagery layers, and zoning's own. */
export type MapLayerId = ImageryLayer | 'zoning';

/** Spec 2 §3–§4: the layer and calculation shown, the dates on offer and the chosen one, the PDF export. */
export interface ImagerySlice {
  selectedLayer: MapLayerId;
  selectedAlgorithm: ImageryAlgorithm | null;
  catalog: CatalogEntry[] | null;
  selectedDate: string | null;
  rasterLoading: boolean;
  exportMode: boolean;

  /** A new layer starts over: no catalog or date, the layer's own calculation. */
  selectLayer(layer: MapLayerId): void;
  setAlgorithm(algorithm: ImageryAlgorithm | null): void;
  setCatalog(catalog: CatalogEntry[] | null): void;
  setSelectedDate(date: string | null): void;
  setRasterLoading(loading: boolean): void;
  setExportMode(on: boolean): void;
}

/** Spec 1 §4.3 / spec 2 §4: the calculation a layer starts with (zoning has none). */
export const DEFAULT_ALGORITHM: Record<MapLayerId, ImageryAlgorithm | null> = {
  ...defaultLayerAlgorithm,
  zoning: null,
};

/** Imagery state that belongs to one visit of a layer; leaving view, manage or zoning drops it. */
export const IMAGERY_RESET = { catalog: null, selectedDate: null, rasterLoading: false, exportMode: false } as const;

export const layerChoice = (layer: MapLayerId) =>
  ({ selectedLayer: layer, catalog: null, selectedDate: null, selectedAlgorithm: DEFAULT_ALGORITHM[layer] }) as const;

export const createImagerySlice: MapSlice<ImagerySlice> = (set) => ({
  selectedLayer: 'standard',
  selectedAlgorithm: DEFAULT_ALGORITHM.standard,
  catalog: null,
  selectedDate: null,
  rasterLoading: false,
  exportMode: false,

  selectLayer: (layer) => set(layerChoice(layer)),
  setAlgorithm: (selectedAlgorithm) => set({ selectedAlgorithm }),
  setCatalog: (catalog) => set({ catalog }),
  setSelectedDate: (selectedDate) => set({ selectedDate }),
  setRasterLoading: (rasterLoading) => set({ rasterLoading }),
  setExportMode: (exportMode) => set({ exportMode }),
});
