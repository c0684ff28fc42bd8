import type { ImageryAlgorithm } from '@paddock/shared/contracts';
import type { BandName, RasterRead } from './source';

/** The bands each calculation reads. COLOUR's scalar value (statistics, legend) is its brightness. */
export const algorithmBands: Record<ImageryAlgorithm, readonly BandName[]> = {
  NDVI: ['B04', 'B08'],
  'NDVI-R': ['B04', 'B08'],
  COLOUR: ['B04', 'B03', 'B02'],
  NDRE: ['B05', 'B08'],
  THERMAL: ['THERMAL'],
  PCD: ['B04', 'B08'],
  SHALLOW: ['EM_SHALLOW'],
  DEEP: ['EM_DEEP'],
};

const KELVIN_AT_ZERO_CELSIUS = 273.15;

function band(read: Pick<RasterRead, 'bands'>, name: BandName): Float32Array {
  const values = read.bands[name];
  if (!values) throw new Error(`The source did not return band ${name}`);
  return values;
}

/** (a − b) / (a + b) per pixel; NaN where either is missing or the sum is 0. */
export function normalisedDifference(a: Float32Array, b: Float32Array, out: Float32Array): Float32Array {
  for (let i = 0; i < out.length; i += 1) {
    const x = a[i] as number;
    const y = b[i] as number;
    const sum = x + y;
    out[i] = sum === 0 ? Number.NaN : (x - y) / sum;
  }
  return out;
}

/** a / b per pixel; NaN where b ≤ 0 or either is missing. */
export function ratio(a: Float32Array, b: Float32Array, out: Float32Array): Float32Array {
  for (let i = 0; i < out.length; i += 1) {
    const y = b[i] as number;
    out[i] = y > 0 ? (a[i] as number) / y : Number.NaN;
  }
  return out;
}

/**
 * One value per pixel for a calculation: NDVI and NDVI-R (B08, B04), NDRE (B08, B05), PCD — plant
 * cell density — as the B08/B04 ratio, THERMAL in °C, SHALLOW/DEEP as read (mS/m), and for COLOUR
 * the mean of the red, green and blue reflectances. NaN where there is no data.
 */
export function computeIndex(
  algorithm: ImageryAlgorithm,
  read: Pick<RasterRead, 'bands' | 'width' | 'height'>,
): Float32Array {
  const out = new Float32Array(read.width * read.height);
  switch (algorithm) {
    case 'NDVI':
    case 'NDVI-R':
      return normalisedDifference(band(read, 'B08'), band(read, 'B04'), out);
    case 'NDRE':
      return normalisedDifference(band(read, 'B08'), band(read, 'B05'), out);
    case 'PCD':
      return ratio(band(read, 'B08'), band(read, 'B04'), out);
    case 'THERMAL': {
      const kelvin = band(read, 'THERMAL');
      for (let i = 0; i < out.length; i += 1) out[i] = (kelvin[i] as number) - KELVIN_AT_ZERO_CELSIUS;
      return out;
    }
    case 'SHALLOW':
      out.set(band(read, 'EM_SHALLOW'));
      return out;
    case 'DEEP':
      out.set(band(read, 'EM_DEEP'));
      return out;
    case 'COLOUR': {
      const [red, green, blue] = [band(read, 'B04'), band(read, 'B03'), band(read, 'B02')];
      for (let i = 0; i < out.length; i += 1)
        out[i] = ((red[i] as number) + (green[i] as number) + (blue[i] as number)) / 3;
      return out;
    }
  }
}
