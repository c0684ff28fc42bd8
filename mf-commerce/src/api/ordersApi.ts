import { createApiClient, normaliseError } from '@paddock/shared/api-client';
import {
  farmFeatureSchema,
  farmListResponseSchema,
  fieldCollectionSchema,
  fieldFeatureSchema,
  type FarmFeature,
  type FarmListResponse,
  type FieldFeature,
} from '@paddock/shared/contracts';
import {
  orderCreateResponseSchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  payOrderResponseSchema,
  productsResponseSchema,
  quoteResponseSchema,
  type OrderCreate,
  type OrderDetailResponse,
  type OrderListResponse,
  type OrderStatus,
  type Product,
  type QuoteRequest,
  type QuoteResponse,
} from './orderContracts';
import type { CartApiOptions } from './cartApi';

export interface FarmPageQuery {
  skip: number;
  limit: number;
  search: string;
}

/** The imagery-order calls of spec 3 §7 (`plugins/products`, `plugins/orders`) and the farms the wizard picks from. */
export interface OrdersApi {
  products(): Promise<Product[]>;
  quote(request: QuoteRequest['data']): Promise<QuoteResponse['data']>;
  create(payload: OrderCreate): Promise<{ id: string }>;
  list(skip: number, limit: number, statuses: readonly OrderStatus[]): Promise<OrderListResponse>;
  get(orderId: string): Promise<OrderDetailResponse>;
  /** A card order's payment: the client secret to confirm the card with. */
  pay(orderId: string): Promise<string>;
  /** The order's Tax Receipt or Tax Invoice (PDF), as the server issued it. */
  document(orderId: string): Promise<Blob>;
  farms(query: FarmPageQuery): Promise<FarmListResponse>;
  farm(farmId: string): Promise<FarmFeature>;
  fields(farmId: string): Promise<FieldFeature[]>;
  field(fieldId: string): Promise<FieldFeature>;
}

const id = encodeURIComponent;

export function createOrdersApi({ config, getToken, fetch }: CartApiOptions): OrdersApi {
  const api = createApiClient({ baseUrl: config.apiUrl, getToken, fetch });
  return {
    products: async () => (await api.get('products', productsResponseSchema)).data,
    quote: async (data) => (await api.send('post', 'orders/quote', quoteResponseSchema, { data })).data,
    create: async (payload) => (await api.send('post', 'orders', orderCreateResponseSchema, payload)).data,
    list: (skip, limit, statuses) =>
      api.get(
        'orders',
        orderListResponseSchema,
        statuses.length ? { skip, limit, statuses: [...statuses] } : { skip, limit },
      ),
    get: (orderId) => api.get(`orders/${id(orderId)}`, orderDetailResponseSchema),
    pay: async (orderId) =>
      (await api.send('post', `payments/${id(orderId)}`, payOrderResponseSchema)).data.client_secret,
    document: async (orderId) => {
      try {
        return await api.http.get(`orders/${id(orderId)}/document`).blob();
      } catch (error) {
        throw await normaliseError(error);
      }
    },
    farms: ({ skip, limit, search }) =>
      api.get('farms', farmListResponseSchema, {
        skip,
        limit,
        sort_by: 'farm_name',
        sort_dir: 'asc',
        ...(search.trim() ? { search_query: search.trim().toLowerCase() } : {}),
      }),
    farm: (farmId) => api.get(`farms/${id(farmId)}`, farmFeatureSchema),
    field: (fieldId) => api.get(`fields/${id(fieldId)}`, fieldFeatureSchema),
    fields: async (farmId) => (await api.get(`farms/${id(farmId)}/fields`, fieldCollectionSchema)).features,
  };
}
