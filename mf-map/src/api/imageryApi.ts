import { createAreaApiClient, normaliseError, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  algorithmCode,
  catalogResponseSchema,
  DEFAULT_SEARCH_DAYS,
  pointValueResponseSchema,
  statisticsResponseSchema,
  timeseriesAlgorithms,
  timeseriesResponseSchema,
  type CatalogEntry,
  type ColorStretch,
  type ImageryAlgorithm,
  type ImageryLayer,
  type PointValueResponse,
  type StatisticsResponse,
  type TimeseriesResponse,
} from '@paddock/shared/contracts';

/** One page of the catalog (spec 2 §7): newest first, and where the next (older) page starts. */
export interface CatalogPage {
  dates: CatalogEntry[];
  /** `latest_date_utc` for the next page; null when the archive has nothing older. */
  nextLatestDate: string | null;
}

export type TimeseriesAlgorithm = (typeof timeseriesAlgorithms)[number];

export interface CatalogRequest {
  fieldIds: readonly string[];
  layer: ImageryLayer;
  /** The newest day of the page; the first page leaves it out (the server starts today). */
  latestDate?: string;
}

export interface StatisticsRequest {
  fieldIds: readonly string[];
  layer: ImageryLayer;
  algorithm: ImageryAlgorithm;
  /** The capture's day (a Rapid-EM window's start date). */
  date: string;
  /** How the colours span the values: `fixed` (the calculation's absolute range, the default) or `dynamic`. */
  stretch?: ColorStretch;
}

export interface PointValueRequest {
  fieldId: string;
  layer: ImageryLayer;
  algorithm: ImageryAlgorithm;
  date: string;
  lon: number;
  lat: number;
}

/** The map image of a PDF export: rendered by the server (Advanced only), with the field outlines drawn in. */
export interface ExportImageRequest extends StatisticsRequest {
  width: number;
}

/** What the imagery parts of the map ask of the API. */
export interface ImageryApi {
  catalog(request: CatalogRequest): Promise<CatalogPage>;
  statistics(request: StatisticsRequest): Promise<StatisticsResponse>;
  /** A calculation's value at a point inside a field on a capture day (a scouting note's reading). */
  pointValue(request: PointValueRequest): Promise<PointValueResponse>;
  timeseries(fieldId: string, algorithm: TimeseriesAlgorithm): Promise<TimeseriesResponse>;
  exportImage(request: ExportImageRequest): Promise<Blob>;
  /** The absolute XYZ template (`{z}/{x}/{y}`) of a calculation's PNG tiles on a capture day, clipped to the fields. */
  tileTemplate(request: StatisticsRequest): string;
  /** The field's latest clear NDVI as a small PNG (null when it has no recent capture). */
  thumbnail(fieldId: string): Promise<Blob | null>;
  /** Fetches an absolute tile URL with the bearer token (spec 2 §6: tiles are authorised too). */
  fetchTile(url: string, signal?: AbortSignal): Promise<Response>;
}

/**
 * URLs of the API are written relative to its base (`v2/…`, as in its answers), while
 * `config.apiUrl` names its versioned root (`…/v2`): the base is one level up from that root.
 */
function resolveApiUrl(apiUrl: string, relative: string): string {
  const root = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return new URL(relative, new URL('../', root)).toString();
}

const fieldParams = (fieldIds: readonly string[]) => ({ field_ids: [...fieldIds] });
const fieldQuery = (fieldIds: readonly string[]) =>
  new URLSearchParams(fieldIds.map((id) => ['field_ids', id])).toString();

export function createImageryApi({ config, getToken, fetch: fetchImpl }: AreaApiOptions): ImageryApi {
  const api = createAreaApiClient({ config, getToken, fetch: fetchImpl });
  const send = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));

  return {
    catalog: async ({ fieldIds, layer, latestDate }) => {
      const answer = await api.get('catalog', catalogResponseSchema, {
        ...fieldParams(fieldIds),
        layer_filter: layer,
        // Spec 2 §7: a 365-day window, except high-res, whose whole archive is one page.
        ...(layer === 'high_res' ? {} : { search_days: DEFAULT_SEARCH_DAYS }),
        ...(latestDate ? { latest_date_utc: latestDate } : {}),
      });
      const properties = answer.features[0]?.properties;
      return { dates: properties?.dates ?? [], nextLatestDate: properties?.next_latest_date_utc ?? null };
    },
    statistics: ({ fieldIds, layer, algorithm, date, stretch = 'fixed' }) =>
      api.get(`algorithm/${algorithmCode(layer, algorithm)}/statistics.json`, statisticsResponseSchema, {
        color_stretch: stretch,
        ...fieldParams(fieldIds),
        latest_capture_date: date,
      }),
    pointValue: ({ fieldId, layer, algorithm, date, lon, lat }) =>
      api.get(`algorithm/${algorithmCode(layer, algorithm)}/point.json`, pointValueResponseSchema, {
        field_id: fieldId,
        latest_capture_date: date,
        lon: String(lon),
        lat: String(lat),
      }),
    timeseries: (fieldId, algorithm) =>
      api.get(`fields/${encodeURIComponent(fieldId)}/timeseries`, timeseriesResponseSchema, { algorithm }),
    exportImage: async ({ fieldIds, layer, algorithm, date, width, stretch = 'fixed' }) => {
      const searchParams = new URLSearchParams([
        ...fieldIds.map((id) => ['field_ids', id]),
        ['latest_capture_date', date],
        ['width', String(width)],
        ['color_stretch', stretch],
      ]);
      try {
        // Rendering a whole farm can take a while on a busy server.
        return await api.http
          .get(`algorithm/${algorithmCode(layer, algorithm)}/export.png`, { searchParams, timeout: 120_000 })
          .blob();
      } catch (error) {
        throw await normaliseError(error);
      }
    },
    tileTemplate: ({ fieldIds, layer, algorithm, date, stretch = 'fixed' }) =>
      `${resolveApiUrl(config.apiUrl, `v2/tiles/${algorithmCode(layer, algorithm)}/${date}/`)}{z}/{x}/{y}.png?${fieldQuery(fieldIds)}&color_stretch=${stretch}`,
    thumbnail: async (fieldId) => {
      const url = resolveApiUrl(config.apiUrl, `v2/fields/${encodeURIComponent(fieldId)}/thumbnail.png`);
      const response = await send(url, { headers: { Authorization: `Bearer ${await getToken()}` } });
      if (response.status === 204) return null;
      if (!response.ok) throw new Error(`The thumbnail answered ${response.status}`);
      return response.blob();
    },
    fetchTile: async (url, signal) => send(url, { headers: { Authorization: `Bearer ${await getToken()}` }, signal }),
  };
}
