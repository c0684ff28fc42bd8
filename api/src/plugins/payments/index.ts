import { paymentResponseSchema, paymentsClientConfigSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { WebhookSignatureError, type WebhookEvent } from '../../payments/provider';
import { errorResponses } from '../responses';
import { ownPayment, registerCustomerDeleteJob, registerRefundJob, takeEvent, toPayment } from './service';

const tags = ['payments'];

/** The caller's own payments (`GET /v2/payments/{id}`; anyone else's is a 404). */
export const paymentsPlugin: FastifyPluginAsyncZod = async (app) => {
  registerRefundJob(app.jobs, app.payments, app.log);
  registerCustomerDeleteJob(app.jobs, app.payments, app.log);
  app.get(
    '/payments/:payment_id',
    {
      schema: {
        tags,
        summary: "One of the caller's payments: method, status, amount and GST in cents, invoice number",
        params: z.object({ payment_id: z.string() }),
        response: { 200: paymentResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const account = request.account;
      return { data: toPayment(await ownPayment(app.db, request.params.payment_id, account.id)) };
    },
  );
};

export const WEBHOOK_PATH = '/payments/webhook';

/**
 * The provider's side door, without a bearer token: the signed webhook (Stripe's or the test
 * provider's) and the browser's payments configuration. Mounted under `/v2`.
 */
export const paymentsPublicPlugin: FastifyPluginAsync = async (app) => {
  // The signature covers the exact bytes sent, so this scope keeps JSON bodies raw.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, typeof body === 'string' ? body : body.toString('utf8'));
  });

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags,
        summary:
          'Payment provider events (Stripe-Signature verified, 5-minute tolerance, once per event id; a success is checked with the provider and against the payment: currency, amount, purpose)',
        hide: false,
      },
    },
    async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      let event: WebhookEvent;
      try {
        event = app.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'webhook refused');
          throw new HttpError(400, `Invalid webhook signature: ${error.message}`);
        }
        throw new HttpError(400, 'The webhook body is not a provider event');
      }
      const outcome = await takeEvent({ db: app.db, provider: app.payments, jobs: app.jobs, log: request.log }, event);
      // A paid purpose may have changed what callers may do (an Advanced tier): caches of access answers drop theirs.
      if (outcome === 'applied') app.writes.emit();
      return reply.code(200).send({ received: true, outcome });
    },
  );

  app.get(
    '/payments/config',
    {
      schema: {
        tags,
        summary: 'Which payments client the browser uses, and its publishable key (test mode or Stripe)',
        response: { 200: paymentsClientConfigSchema },
      },
    },
    async () =>
      app.payments.name === 'test'
        ? {
            provider: 'test' as const,
            publishableKey: app.payments.publishableKey,
            apiUrl: `${app.config.payments.publicApiUrl}/test-provider`,
          }
        : { provider: 'stripe' as const, publishableKey: app.payments.publishableKey },
  );
};
