import {
  notificationPreferencesSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  unreadCountResponseSchema,
  unsubscribeQuerySchema,
  unsubscribeResponseSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { errorResponses } from '../responses';
import {
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  registerDigestJob,
  setPreferences,
  unreadCount,
  unsubscribe,
  UNSUBSCRIBE_NOT_VALID,
  UNSUBSCRIBED,
  type DigestSettings,
} from './service';

const tags = ['notifications'];

const digestSettings = (config: {
  email: { appUrl: string; unsubscribeSecret: string };
  payments: { publicApiUrl: string };
}): DigestSettings => ({
  appUrl: config.email.appUrl,
  publicApiUrl: config.payments.publicApiUrl,
  unsubscribeSecret: config.email.unsubscribeSecret,
});

/** The signed-in person's notifications (change alerts), their read state and the e-mail digest setting. */
export const notificationsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerDigestJob(app.jobs, { db, mailer: app.mailer, settings: digestSettings(app.config) });

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'Your notifications, newest first, with the unread count',
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listNotifications(db, request.account, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags,
        summary: 'How many of your notifications are unread (the bell)',
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ unread_count: await unreadCount(db, request.account) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one notification read',
        params: z.object({ id: z.string() }),
        response: { 200: unreadCountResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      await markRead(db, request.account, { id: request.params.id });
      return { unread_count: await unreadCount(db, request.account) };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        tags,
        summary: 'Marks all your notifications read',
        response: { 200: unreadCountResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      await markAllRead(db, request.account);
      return { unread_count: 0 };
    },
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Whether you get the daily e-mail digest of change alerts',
        response: { 200: notificationPreferencesSchema, ...errorResponses(401) },
      },
    },
    async (request) => preferencesOf(db, request.account),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Turns the daily e-mail digest of change alerts on or off',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => setPreferences(db, request.account, request.body),
  );
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

const page = (body: string) =>
  `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Paddock e-mails</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1d2a1f}button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#2f6b3a;color:#fff;cursor:pointer}</style></head><body>${body}</body></html>`;

/**
 * The digest's unsubscribe link, without a bearer token (the signed token names the person). GET
 * shows a button (mail scanners that open links change nothing); POST (the button, or a client) turns
 * the e-mails off. Mounted under `/v2` beside the other public routes.
 */
export const notificationsPublicPlugin: FastifyPluginAsyncZod = async (app) => {
  const secret = app.config.email.unsubscribeSecret;
  // The page's form posts an empty form body; the token is in the query.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, {}),
  );
  app.get(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: "The digest e-mail's unsubscribe page (no sign-in: the token is signed)",
        querystring: unsubscribeQuerySchema,
        response: { 200: z.string().describe('text/html'), ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const token = escapeHtml(request.query.token);
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(
          page(
            `<h1>Stop change alert e-mails?</h1><p>You will still see change alerts under the bell in Paddock.</p><form method="post" action="unsubscribe?token=${token}"><button type="submit">Stop the e-mails</button></form>`,
          ),
        );
    },
  );
  app.post(
    '/notifications/unsubscribe',
    {
      schema: {
        tags,
        summary: 'Turns the daily digest e-mail off for the signed token’s person (no sign-in)',
        querystring: unsubscribeQuerySchema,
        response: {
          200: z.union([unsubscribeResponseSchema, z.string().describe('text/html, for the form of the page')]),
          ...errorResponses(400, 422),
        },
      },
    },
    async (request, reply) => {
      const done = await unsubscribe(app.db, request.query.token, secret);
      if (!done) throw new HttpError(400, UNSUBSCRIBE_NOT_VALID);
      // A browser that posted the page's form gets a page; a client gets JSON.
      if ((request.headers.accept ?? '').includes('text/html'))
        return reply.type('text/html; charset=utf-8').send(page(`<h1>Done</h1><p>${escapeHtml(UNSUBSCRIBED)}</p>`));
      return { unsubscribed: true as const, message: UNSUBSCRIBED };
    },
  );
};
