import type { FastifyRequest } from 'fastify';
import {
  cartAddQuerySchema,
  cartAddResponseSchema,
  cartResponseSchema,
  checkoutQuerySchema,
  checkoutResponseSchema,
  detailMessageSchema,
  zoningCartPayloadSchema,
  type CheckoutResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentRow, PurchaseDeps } from '../payments/api';
import { errorResponses } from '../responses';
import { addZoningItem, checkoutCart, loadCart, registerCartPurpose, removeFromCart } from './service';

const tags = ['cart'];
/** Spec 2 §8 (wording corrected in the spec README). */
export const ITEM_REMOVED = 'Item removed successfully!';
export const CART_CLEARED = 'Your cart items were removed successfully';

/**
 * The cart (spec 2 §7): items priced by the server, checkout by card (a PaymentIntent) or by invoice.
 * The zoning orders a paid cart becomes are served by `plugins/zoning`.
 */
export const cartPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const cost = () => app.config.hectareCostCents;
  registerCartPurpose(cost);

  const seam = (request: FastifyRequest): PurchaseDeps => ({ db, provider: app.payments, log: request.log });

  const getCart = async (request: FastifyRequest) => loadCart(db, request.account, cost());
  const cartSchema = {
    tags,
    summary: "The caller's cart: items with server prices in cents (GST included), total and its GST part",
    response: { 200: cartResponseSchema, ...errorResponses(401) },
  };
  app.get('/cart/', { schema: cartSchema }, getCart);
  app.get('/cart', { schema: { ...cartSchema, hide: true } }, getCart);

  app.post(
    '/cart/add',
    {
      schema: {
        tags,
        summary: 'Add zones to the cart (item_type=zoning); priced by the server from the fields',
        querystring: cartAddQuerySchema,
        body: zoningCartPayloadSchema,
        response: { 201: cartAddResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const item = await addZoningItem(db, request.account, request.body, cost());
      return reply.code(201).send({ data: item });
    },
  );

  const clear = async (request: FastifyRequest) => {
    await removeFromCart(seam(request), request.account);
    return { detail: CART_CLEARED };
  };
  const clearSchema = {
    tags,
    summary: 'Empty the cart',
    response: { 200: detailMessageSchema, ...errorResponses(401) },
  };
  app.delete('/cart/', { schema: clearSchema }, clear);
  app.delete('/cart', { schema: { ...clearSchema, hide: true } }, clear);

  app.delete(
    '/cart/:cart_id',
    {
      schema: {
        tags,
        summary: 'Remove one item from the cart',
        params: z.object({ cart_id: z.string() }),
        response: { 200: detailMessageSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await removeFromCart(seam(request), request.account, [request.params.cart_id]);
      return { detail: ITEM_REMOVED };
    },
  );

  app.post(
    '/cart/checkout',
    {
      schema: {
        tags,
        summary:
          'Pay for cart items (repeated cart_ids): by card → a PaymentIntent client_secret; invoice=true → unpaid orders with an invoice',
        querystring: checkoutQuerySchema,
        response: { 200: checkoutResponseSchema, ...errorResponses(401, 403, 404, 409, 422, 502) },
      },
    },
    async (request): Promise<CheckoutResponse> =>
      answer(await checkoutCart(seam(request), request.account, request.query, cost())),
  );
};

function answer(payment: PaymentRow): CheckoutResponse {
  return {
    client_secret: payment.method === 'card' ? payment.client_secret : null,
    payment_id: payment.id,
    amount: payment.amount_cents,
    gst: payment.gst_cents,
    currency: 'aud',
    invoice_number: payment.invoice_number,
  };
}
