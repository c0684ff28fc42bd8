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
import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { z } from 'zod';
import { forbidden, HttpError } from '../../errors';
import {
  attachIntent,
  cancelIntentQuietly,
  cancelPayment,
  createCardPaymentRow,
  createInvoicePayment,
  findPayment,
  type PaymentRow,
} from '../payments/service';
import { errorResponses } from '../responses';
import {
  addZoningItem,
  CART_PURPOSE,
  checkoutItems,
  type CheckoutItems,
  loadCart,
  placeOrders,
  registerCartPurpose,
  removeCartItems,
} from './service';

const tags = ['cart'];
/** Spec 2 §8 (wording corrected in the spec README). */
export const ITEM_REMOVED = 'Item removed successfully!';
export const CART_CLEARED = 'Your cart items were removed successfully';
export const INVOICE_NOT_ALLOWED = 'Paying by invoice is not available for your account. Please contact us.';
/** A card payment's intent may be reused while the payer can still confirm it. */
const REUSABLE_INTENT = new Set(['requires_payment_method', 'requires_confirmation']);

/**
 * The cart (spec 2 §7): items priced by the server, checkout by card (a PaymentIntent) or by invoice.
 * The zoning orders a paid cart becomes are served by `plugins/zoning`.
 */
export const cartPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const cost = () => app.config.hectareCostCents;
  registerCartPurpose(cost);

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
    const canceled = await removeCartItems(db, account.id);
    for (const payment of canceled) await cancelIntentQuietly(app.payments, payment, request.log);
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
      const canceled = await removeCartItems(db, account.id, [request.params.cart_id]);
      for (const payment of canceled) await cancelIntentQuietly(app.payments, payment, request.log);
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
        const { payment, stale } = await db.transaction().execute(async (trx) => {
          const items = await checkoutItems(trx, account, cartIds, cost());
          const stale = await giveUpOpenPayments(trx, items.rows);
          const payment = await createInvoicePayment(trx, {
            accountId: account.id,
            purpose: CART_PURPOSE,
            amountCents: items.amount,
            gstCents: items.gst,
          });
          await placeOrders(trx, payment, items.rows, 'pending', cost());
          return { payment, stale };
        });
        for (const row of stale) await cancelIntentQuietly(app.payments, row, request.log);
        return answer(payment);
      }

      /** A card payment for the items (no intent yet), the items attached to it. */
      const newCardPayment = async (trx: Transaction<Database>, items: CheckoutItems) => {
        const payment = await createCardPaymentRow(
          trx,
          { accountId: account.id, purpose: CART_PURPOSE, amountCents: items.amount, gstCents: items.gst },
          app.payments,
        );
        await trx
          .updateTable('cart_items')
          .set({ payment_id: payment.id })
          .where(
            'id',
            'in',
            items.rows.map((row) => row.id),
          )
          .execute();
        return payment;
      };

      const prepared = await db.transaction().execute(async (trx) => {
        const items = await checkoutItems(trx, account, cartIds, cost());
        const attached = [...new Set(items.rows.map((row) => row.payment_id))];
        if (attached.length === 1 && attached[0]) {
          const existing = await findPayment(trx, attached[0]);
          const others = await trx
            .selectFrom('cart_items')
            .select('id')
            .where('payment_id', '=', attached[0])
            .where(
              'id',
              'not in',
              items.rows.map((row) => row.id),
            )
            .execute();
          if (existing?.status === 'open' && existing.amount_cents === items.amount && others.length === 0) {
            if (existing.provider_ref && existing.client_secret) return { reuse: existing, stale: [] as PaymentRow[] };
            if (Date.now() - new Date(existing.created_on).getTime() < 30_000) {
              throw new HttpError(409, 'A payment for these items is being set up. Please try again in a moment.');
            }
          }
        }
        const stale = await giveUpOpenPayments(trx, items.rows);
        return { created: await newCardPayment(trx, items), stale };
      });

      if ('reuse' in prepared && prepared.reuse) {
        const existing = prepared.reuse;
        const intent = await app.payments.retrieveIntent(existing.provider_ref as string);
        if (REUSABLE_INTENT.has(intent.status)) return answer(existing);
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          throw new HttpError(409, 'These items are already paid for; we are confirming your payment.');
        }
        // Abandoned mid-authentication, or canceled: start again with a new intent.
        await cancelIntentQuietly(app.payments, existing, request.log);
        await cancelPayment(db, existing.id, 'Replaced by a new payment');
        const created = await db
          .transaction()
          .execute(async (trx) => newCardPayment(trx, await checkoutItems(trx, account, cartIds, cost())));
        return answer(await attachIntent(db, app.payments, created, request.log));
      }
      for (const row of prepared.stale) await cancelIntentQuietly(app.payments, row, request.log);
      const payment = await attachIntent(db, app.payments, prepared.created as PaymentRow, request.log);
      return answer(payment);
    },
  );
};

/** Open payments that included these items are given up (the checkout replaces them). */
async function giveUpOpenPayments(
  trx: Transaction<Database>,
  rows: readonly { payment_id: string | null }[],
): Promise<PaymentRow[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.payment_id ? [row.payment_id] : [])))];
  const stale: PaymentRow[] = [];
  for (const id of ids) {
    const row = await findPayment(trx, id);
    if (row?.status === 'open') {
      await cancelPayment(trx, id, 'Replaced by a new payment');
      stale.push(row);
    }
  }
  return stale;
}

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
