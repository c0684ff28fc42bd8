import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  taxDocumentsResponseSchema,
  type TaxDocument,
  farmFeatureSchema,
  farmListResponseSchema,
  fieldCollectionSchema,
  fieldFeatureSchema,
  orderCreateResponseSchema,
  orderPayResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  productsResponseSchema,
  quoteResponseSchema,
  type OrderCreatePayload,
  type OrderDetail,
  type OrderResponse,
  type OrderStatus,
  type OrdersResponse,
  type Product,
  type Quote,
  type QuoteRequest,
  type FarmFeature,
  type FarmListResponse,
  type FieldFeature,
} from '@paddock/shared/contracts';

export interface FarmPageQuery {
  skip: number;
  limit: number;
  search: string;
}

/** The imagery-order calls of spec 3 §7 (`plugins/products`, `plugins/orders`) and the farms the wizard picks from. */
export interface OrdersApi {
  products(): Promise<Product[]>;
  quote(request: QuoteRequest['data']): Promise<Quote>;
  create(payload: OrderCreatePayload): Promise<OrderDetail>;
  list(skip: number, limit: number, statuses: readonly OrderStatus[]): Promise<OrdersResponse>;
  get(orderId: string): Promise<OrderResponse>;
  /** A card order's payment: the client secret to confirm the card with. */
  pay(orderId: string): Promise<string>;
  /** A Tax Receipt or Tax Invoice (PDF) as the server issued it, by its API path (`document.url`). */
  document(url: string): Promise<Blob>;
  /** The tax documents of zoning, bookings and the subscription (all, or one payment's). */
  taxDocuments(paymentId?: string): Promise<TaxDocument[]>;
  farms(query: FarmPageQuery): Promise<FarmListResponse>;
  farm(farmId: string): Promise<FarmFeature>;
  fields(farmId: string): Promise<FieldFeature[]>;
  field(fieldId: string): Promise<FieldFeature>;
}

const id = encodeURIComponent;

export function createOrdersApi({ config, getToken, fetch }: AreaApiOptions): OrdersApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  return {
    products: async () => (await api.get('products', productsResponseSchema)).data,
    quote: async (data) => (await api.send('post', 'orders/quote', quoteResponseSchema, { data })).data,
    create: async (payload) => (await api.send('post', 'orders', orderCreateResponseSchema, { data: payload })).data,
    list: (skip, limit, statuses) =>
      api.get(
        'orders',
        ordersResponseSchema,
        statuses.length ? { skip, limit, statuses: [...statuses] } : { skip, limit },
      ),
    get: (orderId) => api.get(`orders/${id(orderId)}`, orderResponseSchema),
    pay: async (orderId) =>
      (await api.send('post', `payments/${id(orderId)}`, orderPayResponseSchema)).data.client_secret,
    document: (url) => api.file(url),
    taxDocuments: async (paymentId) =>
      (await api.get('documents', taxDocumentsResponseSchema, paymentId ? { payment_id: paymentId } : undefined)).data,
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
