import { australianState, type Place, type PlaceSearchResponse } from '@paddock/shared/contracts';
import { RecentAnswers } from '../recent-answers';
import { parseCoordinates } from './coordinates';
import { GAZETTEER_ATTRIBUTION, loadLocalities, searchGazetteer } from './gazetteer';

/**
 * The place-search seam (ARCHITECTURE §5): the gazetteer of Australian localities shipped with the
 * product by default, a Nominatim-compatible geocoder (`GEOCODER_URL`) by configuration. Coordinates
 * are read by the api whichever one answers names.
 */
export interface PlaceFinder {
  readonly kind: PlaceSearchResponse['source'];
  readonly attribution: string;
  find(query: string, limit: number): Promise<Place[]>;
}

export type PlaceSearchConfig = { kind: 'gazetteer' } | ({ kind: 'geocoder' } & GeocoderOptions);

/**
 * A Nominatim-compatible geocoder and how this process uses it. The defaults follow Nominatim's usage
 * policy (https://operations.osmfoundation.org/policies/nominatim/): a User-Agent naming the app and a
 * contact, at most one request a second, answers cached.
 */
export interface GeocoderOptions {
  url: string;
  attribution: string;
  /** Sent on every request: the app's name and version and a contact address. */
  userAgent: string;
  /** The least time between two requests to this geocoder from this process (queued, never dropped). */
  minIntervalMs: number;
  /** How long an answer is reused for the same search. */
  cacheTtlMs: number;
}

/** Nominatim's usage policy: at most one request a second. */
export const GEOCODER_MAX_RATE_INTERVAL_MS = 1_000;
// Spaced a tenth of a second over the policy, so that delays on the way (a busy event loop, the network)
// never bring two requests closer than a second where the geocoder receives them.
export const GEOCODER_POLICY = { minIntervalMs: 1_100, cacheTtlMs: 24 * 3_600_000 } as const;
const MAX_CACHED_SEARCHES = 5_000;

export class GazetteerFinder implements PlaceFinder {
  readonly kind = 'gazetteer' as const;
  readonly attribution = GAZETTEER_ATTRIBUTION;
  async find(query: string, limit: number): Promise<Place[]> {
    return searchGazetteer(query, limit, await loadLocalities());
  }
}

interface NominatimPlace {
  lat?: unknown;
  lon?: unknown;
  display_name?: unknown;
  name?: unknown;
  address?: { state?: unknown; postcode?: unknown } | null;
}

/**
 * Starts calls at least `intervalMs` apart, in the order they were asked: a queue, so no call is
 * dropped, only delayed.
 */
export class RequestSpacer {
  private nextStart = 0;
  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    const start = Math.max(this.now(), this.nextStart);
    this.nextStart = start + this.intervalMs;
    const wait = start - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    return call();
  }
}

/** One spacer per geocoder origin for the whole process, however many finders point at it. */
const spacers = new Map<string, RequestSpacer>();
function spacerFor(url: string, intervalMs: number): RequestSpacer {
  const key = `${new URL(url).origin}|${intervalMs}`;
  let spacer = spacers.get(key);
  if (!spacer) spacers.set(key, (spacer = new RequestSpacer(intervalMs)));
  return spacer;
}

/**
 * A Nominatim-compatible geocoder (`/search?q=&format=jsonv2&countrycodes=au&addressdetails=1`), used
 * as its policy asks: an identifying User-Agent, requests spaced `minIntervalMs` apart across the
 * process, the same search answered from a cache (concurrent identical searches share one request).
 */
export class GeocoderFinder implements PlaceFinder {
  readonly kind = 'geocoder' as const;
  readonly attribution: string;
  private readonly spacer: RequestSpacer;
  private readonly answers: RecentAnswers<Place[]>;

  constructor(
    private readonly options: GeocoderOptions,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.attribution = options.attribution;
    this.spacer = spacerFor(options.url, options.minIntervalMs);
    this.answers = new RecentAnswers(options.cacheTtlMs, MAX_CACHED_SEARCHES);
  }

  find(query: string, limit: number): Promise<Place[]> {
    const key = `${query.trim().toLowerCase().replace(/\s+/g, ' ')}\u0000${limit}`;
    return this.answers.get(key, () => this.spacer.run(() => this.ask(query, limit)));
  }

  private async ask(query: string, limit: number): Promise<Place[]> {
    const base = this.options.url;
    const url = new URL('search', base.endsWith('/') ? base : `${base}/`);
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      countrycodes: 'au',
      addressdetails: '1',
      limit: String(limit),
    }).toString();
    const response = await this.fetchImpl(url, {
      headers: { accept: 'application/json', 'user-agent': this.options.userAgent },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
    const body = (await response.json()) as unknown;
    if (!Array.isArray(body)) throw new Error('Geocoder answered something other than a list');
    const places: Place[] = [];
    for (const item of body as NominatimPlace[]) {
      const lat = Number(item.lat);
      const lon = Number(item.lon);
      if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
      const label = typeof item.display_name === 'string' ? item.display_name : `${lat}, ${lon}`;
      const name = typeof item.name === 'string' && item.name ? item.name : (label.split(',')[0] ?? label);
      const stateName = typeof item.address?.state === 'string' ? item.address.state.toLowerCase() : '';
      const postcode = typeof item.address?.postcode === 'string' ? item.address.postcode : null;
      places.push({
        label,
        kind: 'locality',
        name,
        state: australianState(stateName),
        postcode,
        lat,
        lon,
      });
    }
    return places;
  }
}

export function createPlaceFinder(config: PlaceSearchConfig): PlaceFinder {
  return config.kind === 'geocoder' ? new GeocoderFinder(config) : new GazetteerFinder();
}

/** Thrown when the configured geocoder cannot answer (the route answers 502 with words for the user). */
export class PlaceSearchUnavailable extends Error {}

/** Coordinates first (they need no look-up), else names from the finder. */
export async function searchPlaces(finder: PlaceFinder, query: string, limit: number): Promise<PlaceSearchResponse> {
  const text = query.trim();
  const coordinates = parseCoordinates(text);
  let places: Place[];
  if (coordinates) places = [coordinates];
  else {
    try {
      places = await finder.find(text, limit);
    } catch (error) {
      throw new PlaceSearchUnavailable(error instanceof Error ? error.message : String(error));
    }
  }
  return { query: text, source: finder.kind, places, attribution: finder.attribution };
}
