import { type ColorStretch, type ImageryAlgorithm, type ImageryLayer } from '@paddock/shared/contracts';
import type { MapSlice } from './mapStore';
import { DEFAULT_ALGORITHM, layerChoice } from './reset';

/**
 * How index colours map to values: 'absolute' spans the calculation's natural range (NDVI 0–1, as
 * OneSoil and EOSDA draw it), 'relative' the shown pixels' 2nd–98th percentile.
 */
export type ColorScale = 'absolute' | 'relative';

/** The server's `color_stretch` of a colour scale. */
export const colorStretchOf = (scale: ColorScale): ColorStretch => (scale === 'absolute' ? 'fixed' : 'dynamic');

/** Spec 1 §9 layer choices: the imagery layers, and zoning's own. */
export type MapLayerId = ImageryLayer | 'zoning';

/** Spec 2 §3–§4: the layer and calculation shown, the chosen date (the dates on offer are the catalog query's), the PDF export. */
export interface ImagerySlice {
  selectedLayer: MapLayerId;
  selectedAlgorithm: ImageryAlgorithm | null;
  selectedDate: string | null;
  rasterLoading: boolean;
  exportMode: boolean;
  /** Kept across layers, dates and fields: the farmer's choice of how to read the colours. */
  colorScale: ColorScale;

  /** A new layer starts over: no date, the layer's own calculation. */
  selectLayer(layer: MapLayerId): void;
  setAlgorithm(algorithm: ImageryAlgorithm | null): void;
  setSelectedDate(date: string | null): void;
  setRasterLoading(loading: boolean): void;
  setExportMode(on: boolean): void;
  setColorScale(scale: ColorScale): void;
}

export const createImagerySlice: MapSlice<ImagerySlice> = (set) => ({
  selectedLayer: 'standard',
  selectedAlgorithm: DEFAULT_ALGORITHM.standard,
  selectedDate: null,
  rasterLoading: false,
  exportMode: false,
  colorScale: 'absolute',

  selectLayer: (layer) => set(layerChoice(layer)),
  setAlgorithm: (selectedAlgorithm) => set({ selectedAlgorithm }),
  setSelectedDate: (selectedDate) => set({ selectedDate }),
  setRasterLoading: (rasterLoading) => set({ rasterLoading }),
  setExportMode: (exportMode) => set({ exportMode }),
  setColorScale: (colorScale) => set({ colorScale }),
});
