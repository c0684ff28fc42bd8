import type { BBox } from '@paddock/shared/contracts';
import { AUSTRALIAN_TOWNS } from './towns';

/** A town counts as "near" a farm up to this distance from the centre of its fields. */
export const NEAR_TOWN_KM = 150;
const EARTH_RADIUS_KM = 6371.0088;

export interface Town {
  name: string;
  state: string;
  lat: number;
  lon: number;
}

export const TOWNS: readonly Town[] = AUSTRALIAN_TOWNS.map(([name, state, lat, lon]) => ({ name, state, lat, lon }));

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function nearestTown(point: { lat: number; lon: number }): { town: Town; km: number } {
  let best = { town: TOWNS[0] as Town, km: Infinity };
  for (const town of TOWNS) {
    const km = distanceKm(point, town);
    if (km < best.km) best = { town, km };
  }
  return best;
}

const round3 = (value: number) => {
  const rounded = Math.round(value * 1000) / 1000;
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(3);
};

/**
 * Where a farm is, from the box around its fields: 'near Wagga Wagga, NSW' when a listed town is
 * within 150 km of the box's centre, else 'lat, lon' to 3 decimals; null with no fields.
 */
export function describeLocation(bbox: BBox | null): string | null {
  if (!bbox) return null;
  const [west, south, east, north] = bbox;
  const centre = { lat: (south + north) / 2, lon: (west + east) / 2 };
  const { town, km } = nearestTown(centre);
  if (km <= NEAR_TOWN_KM) return `near ${town.name}, ${town.state}`;
  return `${round3(centre.lat)}, ${round3(centre.lon)}`;
}
