import { createAreaApiClient, type AreaApiOptions } from '@paddock/shared/api-client';
import {
  cartResponseSchema,
  checkoutResponseSchema,
  contactDetailsResponseSchema,
  detailMessageSchema,
  paymentResponseSchema,
  paymentsClientConfigSchema,
  profileResponseSchema,
  zoningOrdersResponseSchema,
  type CartResponse,
  type CheckoutResponse,
  type ContactDetails,
  type Payment,
  type PaymentsClientConfig,
  type Profile,
  type ZoningOrder,
} from '@paddock/shared/contracts';
import { ApiError, isNotFound } from '@paddock/shared/api-client';

/** What the cart, the checkout and the payment-success screen ask of the API (spec 2 §7). */
export interface CartApi {
  getCart(): Promise<CartResponse>;
  removeItem(id: string): Promise<string>;
  clearCart(): Promise<string>;
  /** The payment-intent request: card → client_secret; invoice → unpaid orders, no secret. */
  checkout(cartIds: readonly string[], invoice: boolean): Promise<CheckoutResponse>;
  getPayment(id: string): Promise<Payment>;
  paidOrders(paymentId: string): Promise<ZoningOrder[]>;
  /** Every zoning order the caller may see (their purchases and their farms' zone layers), newest first. */
  zoningOrders(): Promise<ZoningOrder[]>;
  getProfile(): Promise<Profile>;
  /** Null until first saved (the API answers 404). */
  getContactDetails(): Promise<ContactDetails | null>;
  saveContactDetails(details: ContactDetails, exists: boolean): Promise<void>;
  paymentsConfig(): Promise<PaymentsClientConfig>;
}

export function createCartApi({ config, getToken, fetch }: AreaApiOptions): CartApi {
  const api = createAreaApiClient({ config, getToken, fetch });
  return {
    getCart: () => api.get('cart/', cartResponseSchema),
    removeItem: async (id) => (await api.send('delete', `cart/${encodeURIComponent(id)}`, detailMessageSchema)).detail,
    clearCart: async () => (await api.send('delete', 'cart/', detailMessageSchema)).detail,
    checkout: (cartIds, invoice) => {
      const query = new URLSearchParams();
      for (const id of cartIds) query.append('cart_ids', id);
      query.set('invoice', String(invoice));
      return api.send('post', `cart/checkout?${query}`, checkoutResponseSchema);
    },
    getPayment: async (id) => (await api.get(`payments/${encodeURIComponent(id)}`, paymentResponseSchema)).data,
    zoningOrders: async () => (await api.get('zoning/orders', zoningOrdersResponseSchema)).data,
    paidOrders: async (paymentId) =>
      (await api.get('zoning/orders', zoningOrdersResponseSchema, { payment_id: paymentId, status: 'paid' })).data,
    getProfile: async () => (await api.get('accounts/profile', profileResponseSchema)).data,
    getContactDetails: async () => {
      try {
        return (await api.get('accounts/contact_details', contactDetailsResponseSchema)).data;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    saveContactDetails: async (details, exists) => {
      try {
        await api.sendNoContent(exists ? 'put' : 'post', 'accounts/contact_details', { data: details });
      } catch (error) {
        // Saved in another tab meanwhile: 409 on add means "update instead", 404 on update "add".
        if (!(error instanceof ApiError && error.status === (exists ? 404 : 409))) throw error;
        await api.sendNoContent(exists ? 'post' : 'put', 'accounts/contact_details', { data: details });
      }
    },
    paymentsConfig: () => api.get('payments/config', paymentsClientConfigSchema),
  };
}
