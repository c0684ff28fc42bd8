import { createAreaApiClient, normaliseError, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  algorithmCode,
  cartAddResponseSchema,
  zoningOrderResponseSchema,
  zoningOrdersResponseSchema,
  zoningUpdateResponseSchema,
  type ZoningOrder,
  type ZoningUpdatePayload,
  type ZoningUpdateResponse,
  type CartItem,
  type ZoningCartPayload,
  zoningZonesResponseSchema,
  type ImageryAlgorithm,
  type ZoningLayer,
  type ZoningSource,
  type ZoningZonesResponse,
} from '@paddock/shared/contracts';

/** The Map Settings of spec 2 §5, all chosen: what `GET v2/zoning/zones` is asked. */
export interface ZonesRequest {
  fieldIds: readonly string[];
  layer: ZoningLayer;
  algorithm: ImageryAlgorithm;
  /** The capture's day (a Rapid-EM window's start date). */
  date: string;
  zones: number;
  /** 1 = 5 m, 2 = 25 m, 3 = 50 m, 4 = 100 m. */
  resolution: number;
  /** Issue 26: one date (the default), productivity over `seasons`, or Rapid-EM with imagery by `weights`. */
  source?: ZoningSource;
  seasons?: readonly number[];
  weights?: { shallow: number; deep: number; index: number };
}

/** What zoning mode asks of the API. */
export interface ZoningApi {
  zones(request: ZonesRequest): Promise<ZoningZonesResponse>;
  /** Creates the zoning order in the cart (spec 2 §3). */
  addToCart(payload: ZoningCartPayload): Promise<CartItem>;
  /** The farm's paid zoning orders (the zoning layer's list). */
  paidOrders(farmId: string): Promise<ZoningOrder[]>;
  /** A zoning order of the caller's farms (404 when unknown or not theirs). */
  order(orderId: string): Promise<ZoningOrder>;
  /** New rates of a paid order; answers the download key of its files. */
  update(payload: ZoningUpdatePayload): Promise<ZoningUpdateResponse['data']>;
  /** The prescription files (zip): one per field, or one for the farm with `unified`. */
  download(downloadKey: string, unified: boolean): Promise<Blob>;
}

export function createZoningApi({ config, getToken, fetch: fetchImpl }: AreaApiOptions): ZoningApi {
  const api = createAreaApiClient({ config, getToken, fetch: fetchImpl });
  return {
    zones: ({ fieldIds, layer, algorithm, date, zones, resolution, source, seasons, weights }) =>
      api.get('zoning/zones', zoningZonesResponseSchema, {
        field_ids: [...fieldIds],
        latest_capture_date: date,
        zones,
        resolution,
        algorithm: algorithmCode(layer, algorithm),
        ...(source && source !== 'date' ? { source } : {}),
        ...(source === 'seasons' && seasons ? { seasons: seasons.map(String) } : {}),
        ...(source === 'em_imagery' && weights
          ? { weight_shallow: weights.shallow, weight_deep: weights.deep, weight_index: weights.index }
          : {}),
      }),
    addToCart: async (payload) =>
      (await api.send('post', 'cart/add?item_type=zoning', cartAddResponseSchema, payload)).data,
    paidOrders: async (farmId) =>
      (await api.get('zoning/orders', zoningOrdersResponseSchema, { farm_id: farmId, status: 'paid' })).data,
    order: async (orderId) =>
      (await api.get(`zoning/order/${encodeURIComponent(orderId)}`, zoningOrderResponseSchema)).data,
    update: async (payload) => (await api.send('post', 'zoning/update', zoningUpdateResponseSchema, payload)).data,
    download: async (downloadKey, unified) => {
      try {
        return await api.http
          .get(`zoning/download/${encodeURIComponent(downloadKey)}`, { searchParams: { unified: String(unified) } })
          .blob();
      } catch (error) {
        throw await normaliseError(error);
      }
    },
  };
}
