import { dayNumber, dayOfYear } from '../dates';
import { fbm, perlin, uniform } from './noise';

/**
 * The simulated weather: how much of the sky is cloudy on each capture day (a seeded series, more
 * cloud in winter, runs of clear and cloudy days), and where the clouds are (fractal noise seeded
 * by the day, so every field and tile of that day sees the same clouds).
 */

const WEATHER_SEED = 0x1f2e3d4c;
/** Cloud blobs are a few kilometres across. */
const CLOUD_WAVELENGTH_M = 7000;
const CLOUD_OCTAVES = 4;
/** Shadows fall away from the late-morning sun, which stands to the north-east in southern winter and summer alike. */
export const SHADOW_OFFSET_M = { east: 650, north: 900 } as const;

/** Share of the sky under cloud on `date`, 0 (clear) to 1 (overcast). */
export function cloudCoverOf(date: string): number {
  const day = dayNumber(date);
  // Cloudier in winter (July) than summer (January) over the southern cropping belt.
  const chanceOfCloud = 0.32 + 0.16 * Math.cos((2 * Math.PI * (dayOfYear(date) - 190)) / 365);
  // Weather systems last a few days: a slow series mixed with a day-to-day draw.
  const u =
    0.5 + 0.5 * ((0.6 * perlin(day / 4.3, 0.5, WEATHER_SEED)) / 0.7) + 0.4 * (uniform(day, 3, WEATHER_SEED) - 0.5);
  if (u > chanceOfCloud) return 0;
  return Math.min(1, 0.08 + ((chanceOfCloud - u) / chanceOfCloud) ** 0.8);
}

export const cloudSeedOf = (date: string): number => (dayNumber(date) * 2654435761) ^ WEATHER_SEED;

/** The cloud field's value at ground position (x, y) metres; cloud where it exceeds `cloudThreshold(cover)`. */
export const cloudField = (x: number, y: number, seed: number): number =>
  fbm(x, y, CLOUD_WAVELENGTH_M, CLOUD_OCTAVES, seed);

// The cloud field's distribution, sampled once, turns a cover fraction into a threshold.
const QUANTILES: Float64Array = (() => {
  const samples = new Float64Array(8192);
  for (let i = 0; i < samples.length; i += 1) {
    samples[i] = cloudField(
      uniform(i, 11, WEATHER_SEED) * 400_000,
      uniform(i, 12, WEATHER_SEED) * 400_000,
      97 + (i % 64),
    );
  }
  return samples.sort();
})();

/** The field value above which a pixel is cloud, so that about `cover` of the ground is. */
export function cloudThreshold(cover: number): number {
  if (cover <= 0) return Number.POSITIVE_INFINITY;
  if (cover >= 1) return Number.NEGATIVE_INFINITY;
  const index = Math.min(QUANTILES.length - 1, Math.max(0, Math.round((1 - cover) * (QUANTILES.length - 1))));
  return QUANTILES[index] as number;
}
