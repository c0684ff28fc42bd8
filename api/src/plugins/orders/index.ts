import {
  adminOrderStatusRequestSchema,
  apiErrorBodySchema,
  orderCreateRequestSchema,
  orderCreateResponseSchema,
  orderPayResponseSchema,
  orderResponseSchema,
  ordersQuerySchema,
  ordersResponseSchema,
  quoteRequestSchema,
  quoteResponseSchema,
  type OrderPayResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../errors';
import { declareFieldLabels } from '../../validation';
import { isAdmin } from '../admin/api';
import { closeGivenUpIntentsAfter } from '../payments/api';
import { errorResponses } from '../responses';
import { documentPdf, listOrders, orderDetail } from './reading';
import { registerDocumentJob } from './document-job';
import { createOrder, payForOrder } from './placing';
import { priceFor, toQuote } from './quote';
import { orderPurchaseKey, type OrdersDeps } from './service';
import { moveOrder, registerFulfilmentJob, registerOrderPurpose } from './status';

const tags = ['orders'];
const orderParams = z.object({ order_id: z.string().max(100) });

/**
 * High-resolution imagery orders (spec 3 §2.7–2.10, §4, §7): pricing, placing an order, the caller's
 * orders, one order with its payment and tax documents (PDFs rendered and stored by a job), card payment of an
 * order through the payments seam, and the operator's status moves (admin route). A card order is
 * submitted only by the provider's verified webhook; an invoice order when an operator marks it paid.
 */
export const ordersPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps: OrdersDeps = { config: app.config.orders, jobs: app.jobs, log: app.log };
  registerOrderPurpose(deps);
  registerDocumentJob(deps);
  registerFulfilmentJob(deps);
  declareFieldLabels(app, {
    product_id: 'Product',
    field_ids: 'Fields',
    number_of_captures: 'Number of captures',
    start_capture_date: 'Start date',
    end_capture_date: 'End date',
    payment_method: 'Payment method',
    first_name: 'First name',
    last_name: 'Last name',
    street: 'Address',
    suburb: 'City',
    state: 'State',
    post_code: 'Post code',
    country: 'Country',
  });

  app.post(
    '/orders/quote',
    {
      schema: {
        tags,
        summary:
          'Price an order from the server’s own field areas: subtotal (cents, GST exclusive), hectares, whether a minimum decided it, GST and total',
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({ data: toQuote(await priceFor(db, request.account, request.body.data)) }),
  );

  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary:
          'Place an order (priced again by the server: 422 when the amounts shown differ); invoice needs the account’s invoice method (403)',
        body: orderCreateRequestSchema,
        response: { 201: orderCreateResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const id = await createOrder(db, request.account, request.body.data, { ...deps, provider: app.payments });
      const { data } = await orderDetail(db, id, request.account.id);
      request.log.info({ order: id, status: data.status, total: data.order_total }, 'imagery order placed');
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: "The caller's orders, newest first (skip, limit, repeated statuses) with pages.total_count",
        querystring: ordersQuerySchema,
        response: { 200: ordersResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listOrders(db, request.account.id, request.query),
  );

  app.get(
    '/orders/:order_id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s orders with its fields, documents and payment (invoice_number, updated_on)',
        params: orderParams,
        response: { 200: orderResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => orderDetail(db, request.params.order_id, request.account.id),
  );

  app.get(
    '/orders/:order_id/documents/:document_id',
    {
      schema: {
        tags,
        summary: 'The stored PDF of a Tax Receipt (A4) or Tax Invoice (Legal) of one of the caller’s orders',
        params: orderParams.extend({ document_id: z.string().max(100) }),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await documentPdf(
        db,
        request.account.id,
        request.params.order_id,
        request.params.document_id,
      );
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${fileName}"`)
          // A tax document names the payer and their address: never kept in a cache (see requireAuth).
          .header('cache-control', 'private, no-store')
          .send(pdf)
      );
    },
  );

  app.post(
    '/payments/:order_id',
    {
      schema: {
        tags,
        summary:
          'The client secret of a card order’s PaymentIntent (the same one while it can be paid); 409 invoice, cancelled or paid',
        params: orderParams,
        response: {
          200: orderPayResponseSchema,
          502: apiErrorBodySchema.describe('The payment provider did not answer'),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request): Promise<OrderPayResponse> => {
      const payment = await payForOrder(
        { db, provider: app.payments, log: request.log },
        request.account,
        request.params.order_id,
      );
      return {
        data: {
          client_secret: payment.client_secret as string,
          payment_id: payment.id,
          amount: payment.amount_cents,
          gst: payment.gst_cents,
          currency: 'aud',
        },
      };
    },
  );

  // The operator's moves (admin scope or ADMIN_EMAILS), in their own scope so the check stays here.
  const adminRoutes: FastifyPluginAsyncZod = async (admin) => {
    admin.addHook('onRequest', async (request) => {
      if (!isAdmin(request.user, app.config.adminEmails))
        throw forbidden('Only Paddock administrators can change orders');
    });
    admin.post(
      '/admin/orders/:order_id/status',
      {
        config: { account: false },
        schema: {
          tags: ['admin'],
          summary:
            'Move an order: submitted → processing → done (done records its 80 cm captures), or pending → cancelled; 409 otherwise',
          params: orderParams,
          body: adminOrderStatusRequestSchema,
          response: { 200: orderResponseSchema, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const { status, capture_dates } = request.body;
        await db.transaction().execute((trx) => moveOrder(trx, request.params.order_id, status, deps, capture_dates));
        request.log.info({ order: request.params.order_id, status }, 'imagery order moved by admin');
        const answer = await orderDetail(db, request.params.order_id);
        if (status === 'cancelled' && answer.payment?.method === 'card') {
          // The provider's intent goes too, so the cancelled order can no longer be paid (a success
          // that still arrives is refunded).
          await closeGivenUpIntentsAfter(
            { db, provider: app.payments, log: request.log },
            orderPurchaseKey(answer.payment.invoice_number ?? ''),
          );
        }
        return answer;
      },
    );
  };
  await app.register(adminRoutes);
};
