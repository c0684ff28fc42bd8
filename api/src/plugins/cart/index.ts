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
import { forbidden, HttpError } from '../../errors';
import {
  ALREADY_PAYING,
  closeGivenUpIntents,
  giveUpPayment,
  openInvoice,
  payByCard,
  type PaymentRow,
  type PurchaseDeps,
} from '../payments/api';
import { errorResponses } from '../responses';
import {
  addZoningItem,
  CART_ITEM_NOT_FOUND,
  CART_PURPOSE,
  cartPurchaseKey,
  loadCart,
  priceCheckout,
  registerCartPurpose,
  removeCartItems,
} from './service';

const tags = ['cart'];
/** Spec 2 §8 (wording corrected in the spec README). */
export const ITEM_REMOVED = 'Item removed successfully!';
export const CART_CLEARED = 'Your cart items were removed successfully';
export const INVOICE_NOT_ALLOWED = 'Paying by invoice is not available for your account. Please contact us.';

/**
 * The cart (spec 2 §7): items priced by the server, checkout by card (a PaymentIntent) or by invoice.
 * The zoning orders a paid cart becomes are served by `plugins/zoning`.
 */
export const cartPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const cost = () => app.config.hectareCostCents;
  registerCartPurpose(cost);

  const seam = (request: FastifyRequest): PurchaseDeps => ({ db, provider: app.payments, log: request.log });
  /** After items were removed or invoiced: given-up payments' intents are cancelled at the provider (best effort). */
  const closeIntents = async (request: FastifyRequest, keys: readonly string[]) => {
    if (keys.length === 0) return;
    await closeGivenUpIntents(seam(request), keys).catch((error) =>
      request.log.warn({ err: error }, 'a given-up PaymentIntent stays to be cancelled'),
    );
  };

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
    const account = request.account;
    await closeIntents(request, await removeCartItems(db, account.id));
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
      const account = request.account;
      await closeIntents(request, await removeCartItems(db, account.id, [request.params.cart_id]));
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
    async (request): Promise<CheckoutResponse> => {
      const account = request.account;
      const { cart_ids: cartIds, invoice } = request.query;

      if (invoice) {
        if (!(Array.isArray(account.payments) && account.payments.includes('invoice')))
          throw forbidden(INVOICE_NOT_ALLOWED);
        const { payment, replaced } = await db.transaction().execute(async (trx) => {
          const priced = await priceCheckout(trx, account, cartIds, cost());
          const replaced: string[] = [];
          for (const id of priced.replaces ?? []) {
            const given = await giveUpPayment(trx, id, 'Replaced by an invoice');
            if (given?.purchase_key) replaced.push(given.purchase_key);
          }
          const opened = await openInvoice(
            trx,
            {
              accountId: account.id,
              purpose: CART_PURPOSE,
              key: priced.key,
              signature: priced.signature,
              amountCents: priced.amountCents,
              gstCents: priced.gstCents,
            },
            priced.attach,
          );
          return { payment: opened, replaced };
        });
        // A card payment the invoice replaced: its intent is cancelled at the provider.
        await closeIntents(request, replaced);
        return answer(payment);
      }
      try {
        return answer(
          await payByCard(seam(request), {
            accountId: account.id,
            purpose: CART_PURPOSE,
            price: (trx) => priceCheckout(trx, account, cartIds, cost()),
          }),
        );
      } catch (error) {
        // The same items asked for again (a second tab pressing Pay at the same moment) after their
        // card payment was confirmed (409) or already paid and the items delivered (404): the answer
        // is that same payment, whose confirmation the browser is then told has already succeeded.
        // Only a payment past the point of being paid again: confirmed (still open) or paid.
        const paying = error instanceof HttpError && error.statusCode === 409 && error.detail === ALREADY_PAYING;
        const delivered =
          error instanceof HttpError && error.statusCode === 404 && error.detail === CART_ITEM_NOT_FOUND;
        const same =
          paying || delivered
            ? await db
                .selectFrom('payments')
                .selectAll()
                .where('purchase_key', '=', cartPurchaseKey(account.id, [...new Set(cartIds)]))
                .where('account_id', '=', account.id)
                .where('method', '=', 'card')
                .where('status', '=', paying ? 'open' : 'paid')
                .where('client_secret', 'is not', null)
                .orderBy('created_on', 'desc')
                .limit(1)
                .executeTakeFirst()
            : undefined;
        if (same) return answer(same);
        throw error;
      }
    },
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
