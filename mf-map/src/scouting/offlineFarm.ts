import type { CatalogEntry } from '@paddock/shared/contracts';

/**
 * "Make this farm available offline" (issue 31): the latest clear imagery of the farm's fields at
 * the zooms a person walks at, fetched ahead through the service worker's cache (the farm, its
 * fields and notes are kept there as the page reads them). Pure planning here; the panel fetches.
 */

/** Zooms a person walking a paddock uses: a 100 ha paddock fills a phone at 15, a fence line at 17. */
export const WALKING_ZOOMS = [14, 15, 16, 17] as const;
/** A clear capture has at most this much of the fields under cloud. */
export const CLEAR_CLOUD_PERCENT = 20;
/** What one imagery tile weighs, on average, for the size shown before download. */
export const TILE_BYTES_ESTIMATE = 18_000;

export interface Tile {
  z: number;
  x: number;
  y: number;
}

const tileX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const rad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
};

/** The XYZ tiles covering a [west, south, east, north] box at each zoom. */
export function tilesCovering(
  bbox: readonly [number, number, number, number],
  zooms: readonly number[] = WALKING_ZOOMS,
): Tile[] {
  const [west, south, east, north] = bbox;
  const tiles: Tile[] = [];
  for (const z of zooms) {
    for (let x = tileX(west, z); x <= tileX(east, z); x += 1) {
      for (let y = tileY(north, z); y <= tileY(south, z); y += 1) tiles.push({ z, x, y });
    }
  }
  return tiles;
}

/** The newest capture whose NDVI is clear over the fields, or null. */
export function latestClearCapture(entries: readonly CatalogEntry[]): string | null {
  for (const entry of entries) {
    if (!('date' in entry)) continue;
    const ndvi = entry.items.find((item) => item.algorithm === 'NDVI');
    if (ndvi && ndvi.cloud_percent <= CLEAR_CLOUD_PERCENT) return entry.date;
  }
  return null;
}

export const tileUrl = (template: string, { z, x, y }: Tile): string =>
  template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y));

const STORAGE_KEY = 'paddock:offline-farms';

export interface OfflineFarmRecord {
  date: string;
  urls: string[];
  bytes: number;
  savedOn: string;
}

export function offlineFarms(storage: Pick<Storage, 'getItem'> = localStorage): Record<string, OfflineFarmRecord> {
  try {
    return JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Record<string, OfflineFarmRecord>;
  } catch {
    return {};
  }
}

export function rememberOfflineFarm(
  farmId: string,
  record: OfflineFarmRecord | null,
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
): void {
  const all = offlineFarms(storage);
  if (record) all[farmId] = record;
  else delete all[farmId];
  storage.setItem(STORAGE_KEY, JSON.stringify(all));
}

/** The [west, south, east, north] box around the fields. */
export function boxAround(geometries: readonly { coordinates: unknown }[]): [number, number, number, number] | null {
  let box: [number, number, number, number] | null = null;
  const visit = (value: unknown): void => {
    if (!Array.isArray(value)) return;
    if (typeof value[0] === 'number' && typeof value[1] === 'number') {
      const [lon, lat] = value as [number, number];
      box = box
        ? [Math.min(box[0], lon), Math.min(box[1], lat), Math.max(box[2], lon), Math.max(box[3], lat)]
        : [lon, lat, lon, lat];
      return;
    }
    for (const item of value) visit(item);
  };
  for (const geometry of geometries) visit(geometry.coordinates);
  return box;
}

/** The cache the service worker keeps API answers in (host/src/sw/routes.ts `OFFLINE_CACHES.api`). */
export const API_CACHE = 'paddock-api-v1';
