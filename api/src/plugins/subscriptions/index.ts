import {
  NO_SUBSCRIPTION_MESSAGE,
  subscriptionChangeRequestSchema,
  subscriptionChangeResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionPortalResponseSchema,
  subscriptionPriceSchema,
  type SubscribeResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, UnprocessableError } from '../../errors';
import { declareFieldLabels } from '../../validation';
import { toSubscription } from '../accounts/api';
import { errorResponses } from '../responses';
import {
  portalUrl,
  registerPortalBridge,
  setCancelled,
  registerSubscriptionJobs,
  registerSubscriptionPurposes,
  subscribe,
  subscriptionPrice,
} from './service';

const tags = ['subscriptions'];

/** Where the billing portal sends the user back to: the settings' subscription section. */
export const PORTAL_RETURN_PATH = '/settings#subscription-status';

/**
 * The Advanced subscription (spec 3 §1, §3, §7, §9; spec 1 §7): its price from the settings, the
 * subscribe call that starts a card payment through the payments seam (a verified webhook makes the
 * account Advanced for a year, renewed yearly until cancelled), and the billing portal.
 */
export const subscriptionsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  declareFieldLabels(app, {
    stripe_product_id: 'Plan',
    return_url: 'Return address',
    cancel_at_period_end: 'Cancel at period end',
  });
  registerSubscriptionPurposes(app.jobs, app.log);
  registerSubscriptionJobs(app.jobs, app.payments, app.log, () => app.writes.emit());
  registerPortalBridge(db);

  app.get(
    '/subscriptions/price',
    {
      schema: {
        tags,
        summary:
          'The yearly Advanced price in cents before GST (basePrice, actualPrice), the offer and whether it is still valid, the GST rate and the product id to subscribe with',
        response: { 200: subscriptionPriceSchema, ...errorResponses(401, 503) },
      },
    },
    async () => subscriptionPrice(db),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Subscribe to Advanced: a card PaymentIntent for the first year (GST on top for accounts whose country is AU; the same one while open); the webhook makes the account Advanced. 409 when already on Advanced',
        body: subscribeRequestSchema,
        response: { 200: subscribeResponseSchema, ...errorResponses(401, 409, 422, 502, 503) },
      },
    },
    async (request): Promise<SubscribeResponse> => {
      const { payment, subtotal, gst } = await subscribe(
        { db, provider: app.payments, log: request.log },
        request.account,
        request.body.stripe_product_id,
      );
      return {
        stripe_payment_intent_client_secret: payment.client_secret as string,
        payment_id: payment.id,
        subtotal,
        gst,
        amount: payment.amount_cents,
        currency: 'aud',
      };
    },
  );

  app.patch(
    '/subscriptions',
    {
      schema: {
        tags,
        summary:
          'Cancel the active subscription at the end of its period (cancelled_at set, Advanced until expires_at) or resume it; 404 without an active subscription',
        body: subscriptionChangeRequestSchema,
        response: { 200: subscriptionChangeResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const row = await setCancelled(db, request.account.id, request.body.cancel_at_period_end);
      if (!row) throw notFound(NO_SUBSCRIPTION_MESSAGE);
      return { data: toSubscription(row) };
    },
  );

  app.get(
    '/subscriptions/portal',
    {
      schema: {
        tags,
        summary:
          "A billing-portal session (the plan, cancel at period end or resume, the saved card); the browser navigates to portal_url. return_url must be one of the product's own pages",
        querystring: z.object({ return_url: z.string().max(2000).optional() }),
        response: { 200: subscriptionPortalResponseSchema, ...errorResponses(401, 422, 502) },
      },
    },
    async (request) => {
      const origins = app.config.corsOrigins;
      const origin = typeof request.headers.origin === 'string' ? request.headers.origin : undefined;
      const fallback = `${origin && origins.includes(origin) ? origin : origins[0]}${PORTAL_RETURN_PATH}`;
      let returnUrl = fallback;
      if (request.query.return_url) {
        const wanted = URL.canParse(request.query.return_url) ? new URL(request.query.return_url) : null;
        if (!wanted || !origins.includes(wanted.origin)) {
          throw new UnprocessableError([
            {
              loc: ['query', 'return_url'],
              msg: "The return address must be one of Paddock's pages",
              type: 'value_error',
            },
          ]);
        }
        returnUrl = wanted.toString();
      }
      return { portal_url: await portalUrl(db, app.payments, request.account, returnUrl) };
    },
  );
};
