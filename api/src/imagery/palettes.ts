import type { ColorStretch, ImageryAlgorithm, Rgb } from '@paddock/shared/contracts';
import type { ValueSummary } from './statistics';

/** Red → yellow → green: low to high vigour (NDVI, NDVI-R, NDRE). */
const RED_YELLOW_GREEN: Rgb[] = [
  [165, 0, 38],
  [215, 48, 39],
  [244, 109, 67],
  [253, 174, 97],
  [254, 224, 139],
  [255, 255, 191],
  [217, 239, 139],
  [166, 217, 106],
  [102, 189, 99],
  [26, 152, 80],
  [0, 104, 55],
];
/** Pale yellow → deep green: plant cell density (biomass). */
const YELLOW_GREEN: Rgb[] = [
  [255, 255, 229],
  [247, 252, 185],
  [217, 240, 163],
  [173, 221, 142],
  [120, 198, 121],
  [65, 171, 93],
  [35, 132, 67],
  [0, 90, 50],
];
/** Blue → yellow → red: cool to hot canopy (THERMAL). */
const BLUE_YELLOW_RED: Rgb[] = [
  [49, 54, 149],
  [69, 117, 180],
  [116, 173, 209],
  [171, 217, 233],
  [224, 243, 248],
  [255, 255, 191],
  [254, 224, 144],
  [253, 174, 97],
  [244, 109, 67],
  [215, 48, 39],
  [165, 0, 38],
];
/** Pale yellow → brown: soil conductivity (SHALLOW, DEEP). */
const YELLOW_BROWN: Rgb[] = [
  [255, 255, 212],
  [254, 227, 145],
  [254, 196, 79],
  [254, 153, 41],
  [236, 112, 20],
  [204, 76, 2],
  [140, 45, 4],
];
/** Dark → light: true colour brightness (the COLOUR legend). */
const GREYS: Rgb[] = [
  [20, 20, 20],
  [128, 128, 128],
  [245, 245, 245],
];

export const PALETTES: Record<ImageryAlgorithm, readonly Rgb[]> = {
  NDVI: RED_YELLOW_GREEN,
  'NDVI-R': RED_YELLOW_GREEN,
  NDRE: RED_YELLOW_GREEN,
  PCD: YELLOW_GREEN,
  THERMAL: BLUE_YELLOW_RED,
  SHALLOW: YELLOW_BROWN,
  DEEP: YELLOW_BROWN,
  COLOUR: GREYS,
};

/** The value range of `color_stretch=fixed` per calculation (and the fallback with no clear pixels). */
const FIXED_RANGES: Record<ImageryAlgorithm, readonly [number, number]> = {
  NDVI: [0, 1],
  'NDVI-R': [0, 1],
  NDRE: [0, 0.6],
  PCD: [1, 15],
  THERMAL: [5, 50],
  SHALLOW: [0, 100],
  DEEP: [0, 160],
  COLOUR: [0, 0.3],
};

/** The smallest span a dynamic stretch may have, so a uniform field is not drawn as noise. */
const MIN_SPAN_FRACTION = 0.05;

/**
 * The values drawn in the palette's first and last colour: for `dynamic`, the 2nd and 98th
 * percentiles of the fields' clear pixels (widened to a minimum span; true colour from black to a
 * brightness that suits the fields), else the fixed range.
 */
export function stretchRange(
  algorithm: ImageryAlgorithm,
  stretch: ColorStretch,
  summary: ValueSummary | null,
): [number, number] {
  const [fixedLow, fixedHigh] = FIXED_RANGES[algorithm];
  if (stretch === 'fixed' || !summary) return [fixedLow, fixedHigh];
  // True colour keeps black at zero reflectance (so it still looks like a photograph) and brightens to the fields.
  if (algorithm === 'COLOUR') return [0, Math.min(0.4, Math.max(0.12, 2.5 * summary.p98))];
  const minSpan = (fixedHigh - fixedLow) * MIN_SPAN_FRACTION;
  let low = summary.p2;
  let high = summary.p98;
  if (high - low < minSpan) {
    const middle = (low + high) / 2;
    low = middle - minSpan / 2;
    high = middle + minSpan / 2;
  }
  return [low, high];
}

/** 256 RGB entries interpolated along the palette, for colouring by index without per-pixel maths. */
export function paletteLookup(palette: readonly Rgb[]): Uint8Array {
  const lookup = new Uint8Array(256 * 3);
  const segments = palette.length - 1;
  for (let i = 0; i < 256; i += 1) {
    const position = (i / 255) * segments;
    const segment = Math.min(segments - 1, Math.floor(position));
    const t = position - segment;
    const from = palette[segment] as Rgb;
    const to = palette[segment + 1] as Rgb;
    for (let channel = 0; channel < 3; channel += 1) {
      const low = from[channel] as number;
      lookup[i * 3 + channel] = Math.round(low + ((to[channel] as number) - low) * t);
    }
  }
  return lookup;
}

/** Red → white → green: change between two captures, loss to gain (the difference layer, issue 30). */
export const DIFFERENCE_PALETTE: readonly Rgb[] = [
  [165, 0, 38],
  [215, 48, 39],
  [244, 109, 67],
  [253, 174, 97],
  [247, 247, 247],
  [166, 217, 106],
  [102, 189, 99],
  [26, 152, 80],
  [0, 104, 55],
];

/** The change a difference layer spans each way from no change (the palette's ends), per calculation. */
export const DIFFERENCE_SPAN: Record<ImageryAlgorithm, number> = {
  NDVI: 0.4,
  'NDVI-R': 0.4,
  NDRE: 0.3,
  PCD: 5,
  THERMAL: 10,
  SHALLOW: 30,
  DEEP: 40,
  COLOUR: 0.1,
};
