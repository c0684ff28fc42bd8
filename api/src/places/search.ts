import { australianState, type Place, type PlaceSearchResponse } from '@paddock/shared/contracts';
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

export type PlaceSearchConfig = { kind: 'gazetteer' } | { kind: 'geocoder'; url: string; attribution: string };

export class GazetteerFinder implements PlaceFinder {
  readonly kind = 'gazetteer' as const;
  readonly attribution = GAZETTEER_ATTRIBUTION;
  /** Reads the dataset now rather than on the first search. */
  async warm(): Promise<void> {
    await loadLocalities();
  }
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

/** A Nominatim-compatible geocoder (`/search?q=&format=jsonv2&countrycodes=au&addressdetails=1`). */
export class GeocoderFinder implements PlaceFinder {
  readonly kind = 'geocoder' as const;
  constructor(
    private readonly url: string,
    readonly attribution: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async find(query: string, limit: number): Promise<Place[]> {
    const url = new URL('search', this.url.endsWith('/') ? this.url : `${this.url}/`);
    url.search = new URLSearchParams({
      q: query,
      format: 'jsonv2',
      countrycodes: 'au',
      addressdetails: '1',
      limit: String(limit),
    }).toString();
    const response = await this.fetchImpl(url, {
      headers: { accept: 'application/json' },
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
  return config.kind === 'geocoder' ? new GeocoderFinder(config.url, config.attribution) : new GazetteerFinder();
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
