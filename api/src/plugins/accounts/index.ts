import {
  contactDetailsRequestSchema,
  contactDetailsResponseSchema,
  profilePatchSchema,
  profileResponseSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { conflict, notFound } from '../../errors';
import { errorResponses } from '../responses';
import { contactDetailsOf, contactUpdate, currentAccount, hasContactFields, loadProfile } from './service';

const tags = ['accounts'];
const CONTACT_NOT_FOUND = 'Contact details not found';

/** Profile, terms acceptance and contact details of the signed-in account (spec 3 §3, §4, §7). */
export const accountsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/accounts/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in account with tier, feature flags, payment methods and subscriptions',
        response: { 200: profileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await loadProfile(db, await currentAccount(request)) }),
  );

  app.patch(
    '/accounts/profile',
    {
      schema: {
        tags,
        summary: 'Save profile fields and/or accept the terms (terms_accepted_version "v1")',
        body: profilePatchSchema,
        response: { 200: profileResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const account = await currentAccount(request);
      const { terms_accepted_version, ...details } = request.body.data;
      const row = await db
        .updateTable('accounts')
        .set({
          ...contactUpdate(details),
          ...(hasContactFields(details) ? { contact_saved_on: sql<Date>`coalesce(contact_saved_on, now())` } : {}),
          ...(terms_accepted_version !== undefined ? { terms_accepted_version } : {}),
          updated_on: sql<Date>`now()`,
        })
        .where('id', '=', account.id)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound('Account not found');
      return { data: await loadProfile(db, row) };
    },
  );

  app.delete(
    '/accounts/profile',
    {
      schema: {
        tags,
        summary: 'Delete the signed-in account and all its data',
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      // Related rows (subscriptions, and later farms...) go with the account through ON DELETE CASCADE.
      await db.deleteFrom('accounts').where('sub', '=', request.user.sub).execute();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/contact_details',
    {
      schema: {
        tags,
        summary: 'Contact details of the signed-in account; 404 until they are first saved',
        response: { 200: contactDetailsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const account = await currentAccount(request);
      if (account.contact_saved_on === null) throw notFound(CONTACT_NOT_FOUND);
      return { data: contactDetailsOf(account) };
    },
  );

  app.post(
    '/accounts/contact_details',
    {
      schema: {
        tags,
        summary: 'Add contact details (first save); 409 when they already exist',
        body: contactDetailsRequestSchema,
        response: { 201: contactDetailsResponseSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) => {
      const account = await currentAccount(request);
      const row = await db
        .updateTable('accounts')
        .set({ ...contactUpdate(request.body.data), contact_saved_on: sql<Date>`now()`, updated_on: sql<Date>`now()` })
        .where('id', '=', account.id)
        .where('contact_saved_on', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw conflict('Contact details already exist; update them instead');
      return reply.code(201).send({ data: contactDetailsOf(row) });
    },
  );

  app.put(
    '/accounts/contact_details',
    {
      schema: {
        tags,
        summary: 'Update contact details (fields left out stay as they are); 204; 404 when none were added',
        body: contactDetailsRequestSchema,
        response: { 204: z.null().describe('Updated'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      const account = await currentAccount(request);
      const row = await db
        .updateTable('accounts')
        .set({ ...contactUpdate(request.body.data), updated_on: sql<Date>`now()` })
        .where('id', '=', account.id)
        .where('contact_saved_on', 'is not', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw notFound(CONTACT_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
