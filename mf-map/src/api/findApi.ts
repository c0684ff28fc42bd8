import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  basemapsResponseSchema,
  farmListResponseSchema,
  fieldCollectionSchema,
  orientationResponseSchema,
  placeSearchResponseSchema,
  type Basemap,
  type BasemapsResponse,
  type BBox,
  type FieldFeature,
  type OrientationResponse,
  type PlaceSearchResponse,
  type SetCropTypeRequest,
} from '@paddock/shared/contracts';

/**
 * What finding things on the map asks of the API (issue 10 §1, §2, §6): place search, the base maps
 * and their tiles, where the user's other farms are, and setting the crop of many fields at once.
 */
export interface FindApi {
  searchPlaces(query: string, signal?: AbortSignal): Promise<PlaceSearchResponse>;
  basemaps(): Promise<BasemapsResponse>;
  /** The XYZ template of a base map for a farm (the embedded one resolved against the api). */
  basemapTemplate(basemap: Basemap, farmId: string): string;
  fetchTile(url: string): Promise<Response>;
  /** Coastline, state borders and place names for a map view (WGS84 box) at a zoom, over the embedded base map. */
  orientation(bbox: BBox, zoom: number): Promise<OrientationResponse>;
  /** The box around the fields of the user's most recently changed farm other than `exceptFarmId`, or null. */
  lastFarmBBox(exceptFarmId: string): Promise<BBox | null>;
  setCropType(farmId: string, fieldIds: readonly string[], cropType: string | null): Promise<FieldFeature[]>;
}

/** `config.apiUrl` names the versioned root (`…/v2`); api paths in answers start with `/v2/`. */
export function resolveFromApiRoot(apiUrl: string, absolutePath: string): string {
  const root = new URL(apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`, globalThis.location?.href ?? 'http://localhost/');
  // URL() escapes the template's braces; OpenLayers needs them as they are.
  return new URL(absolutePath.replace(/^\//, ''), new URL('../', root))
    .toString()
    .replace(/%7B/gi, '{')
    .replace(/%7D/gi, '}');
}

export function createFindApi({ config, getToken, fetch: fetchImpl }: AreaApiOptions): FindApi {
  const api = createAreaApiClient({ config, getToken, fetch: fetchImpl });
  const send = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  return {
    searchPlaces: (query) => api.get('places/search', placeSearchResponseSchema, { q: query }),
    basemaps: () => api.get('basemap', basemapsResponseSchema),
    basemapTemplate: (basemap, farmId) =>
      basemap.kind === 'embedded'
        ? `${resolveFromApiRoot(config.apiUrl, basemap.url)}?${new URLSearchParams({ farm_id: farmId }).toString()}`
        : basemap.url,
    fetchTile: async (url) => send(url, { headers: { Authorization: `Bearer ${await getToken()}` } }),
    orientation: (bbox, zoom) =>
      api.get('basemap/orientation', orientationResponseSchema, { bbox: bbox.join(','), zoom }),
    lastFarmBBox: async (exceptFarmId) => {
      const page = await api.get('farms', farmListResponseSchema, {
        sort_by: 'updated_on',
        sort_dir: 'desc',
        limit: 10,
      });
      const farm = page.features.find((f) => f.id !== exceptFarmId && f.bbox);
      return farm?.bbox ?? null;
    },
    setCropType: async (farmId, fieldIds, cropType) => {
      const body: SetCropTypeRequest = { field_ids: [...fieldIds], field_crop_type: cropType };
      const answer = await api.send(
        'patch',
        `farms/${encodeURIComponent(farmId)}/fields/crop_type`,
        fieldCollectionSchema,
        body,
      );
      return answer.features;
    },
  };
}
