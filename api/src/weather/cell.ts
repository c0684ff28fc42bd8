import type { WeatherPoint } from './source';

/** Weather is kept per grid cell of this size in degrees: SILO's grid (about 5 km). */
export const CELL_DEGREES = 0.05;

export interface WeatherCell extends WeatherPoint {
  /** `-35.10,147.35`: the cell centre, two decimals. */
  key: string;
}

const snap = (value: number): number => Number((Math.round(value / CELL_DEGREES) * CELL_DEGREES).toFixed(2));

/** The cell whose centre is nearest to `point`. */
export function cellOf(point: WeatherPoint): WeatherCell {
  const lat = snap(point.lat);
  const lon = snap(point.lon);
  return { lat, lon, key: `${lat.toFixed(2)},${lon.toFixed(2)}` };
}
