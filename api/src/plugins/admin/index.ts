import { paymentResponseSchema, profileResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../errors';
import { findAccountByEmail, loadProfile } from '../accounts/api';
import { markInvoicePaid, toPayment } from '../payments/api';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';
import { isAdmin } from './api';
import { adminAccountRequestSchema } from '@paddock/shared/contracts';
import { changeAccount } from './service';

/** Development administration of accounts: tier, feature flags and payment methods. */
export const adminPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  declareFieldLabels(app, {
    email: 'Email address',
    tier: 'Tier',
    feature_flags: 'Feature flags',
    payments: 'Payment methods',
  });

  // Runs after the token check of the parent scope and before the body is read.
  app.addHook('onRequest', async (request) => {
    if (!isAdmin(request.user, config.adminEmails)) throw forbidden('Only Paddock administrators can change accounts');
  });

  app.patch(
    '/admin/accounts/:email',
    {
      // Admin tokens are client credentials: no account of their own.
      config: { account: false },
      schema: {
        tags: ['admin'],
        summary: 'Set the tier, feature flags or payment methods of an account (admin scope or ADMIN_EMAILS only)',
        params: z.object({ email: z.string().trim().min(1).max(254) }),
        body: adminAccountRequestSchema,
        response: { 200: profileResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const account = await findAccountByEmail(db, request.params.email);
      if (!account) throw notFound('No account with this email has signed in yet');
      const { tier, feature_flags, payments } = request.body;
      const row = await changeAccount(db, account.id, request.body);
      request.log.info({ account: row.id, tier, feature_flags, payments }, 'account changed by admin');
      return { data: await loadProfile(db, row) };
    },
  );

  app.post(
    '/admin/payments/:reference/mark_paid',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Record that an invoice was paid (by invoice number, e.g. INV-1001, or payment id); its orders become paid',
        params: z.object({ reference: z.string().trim().min(1).max(100) }),
        response: { 200: paymentResponseSchema, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const payment = await markInvoicePaid(db, app.jobs, request.params.reference);
      request.log.info({ payment: payment.id, invoice: payment.invoice_number }, 'invoice marked paid by admin');
      return { data: toPayment(payment) };
    },
  );
};
