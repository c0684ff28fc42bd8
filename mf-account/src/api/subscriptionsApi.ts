import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  paymentsClientConfigSchema,
  subscribeResponseSchema,
  subscriptionPortalResponseSchema,
  subscriptionPriceSchema,
  taxDocumentsResponseSchema,
  type PaymentsClientConfig,
  type SubscribeResponse,
  type SubscriptionPrice,
  type TaxDocument,
} from '@paddock/shared/contracts';

/** The Advanced subscription calls (spec 3 §7) and the payments configuration its checkout needs. */
export interface SubscriptionsApi {
  price(): Promise<SubscriptionPrice>;
  subscribe(stripeProductId: string): Promise<SubscribeResponse>;
  /** The billing portal's address; the browser goes there. */
  portalUrl(): Promise<string>;
  paymentsConfig(): Promise<PaymentsClientConfig>;
  /** The caller's tax documents (the subscription's among them), newest first. */
  taxDocuments(): Promise<TaxDocument[]>;
  /** One document's PDF by its API path (`/v2/documents/…`). */
  document(url: string): Promise<Blob>;
}

export function createSubscriptionsApi({ config, getToken, fetch }: AreaApiOptions): SubscriptionsApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  return {
    price: () => api.get('subscriptions/price', subscriptionPriceSchema),
    subscribe: (stripeProductId) =>
      api.send('post', 'subscriptions', subscribeResponseSchema, { stripe_product_id: stripeProductId }),
    portalUrl: async () => (await api.get('subscriptions/portal', subscriptionPortalResponseSchema)).portal_url,
    paymentsConfig: () => api.get('payments/config', paymentsClientConfigSchema),
    taxDocuments: async () => (await api.get('documents', taxDocumentsResponseSchema)).data,
    document: (url) => api.file(url),
  };
}
