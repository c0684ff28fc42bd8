import {
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  emailChangeRequestSchema,
  emailChangeResponseSchema,
  contactDetailsRequestSchema,
  contactDetailsResponseSchema,
  profilePatchSchema,
  profileResponseSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflict, HttpError, notFound, UnprocessableError } from '../../errors';
import { IdentityAdminError, IdentityEmailTakenError } from '../../identity';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';
import {
  addContactDetails,
  confirmPendingEmail,
  contactDetailsOf,
  deleteAccount,
  loadProfile,
  requestEmailChange,
  saveProfile,
  updateContactDetails,
} from './service';

const tags = ['accounts'];
const CONTACT_NOT_FOUND = 'Contact details not found';

/** The names the profile and contact forms give their fields. */
export const ACCOUNT_FIELD_LABELS = {
  data: 'Profile data',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email address',
  phone_number: 'Phone number',
  company: 'Company',
  street: 'Street',
  suburb: 'Suburb',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  country: 'Country',
  post_code: 'Post code',
  user_type: 'Occupation',
  terms_accepted_version: 'Terms version',
} as const;

/** Profile, terms acceptance and contact details of the signed-in account (spec 3 §3, §4, §7). */
export const accountsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const identityAdmin = app.identityAdmin;
  declareFieldLabels(app, ACCOUNT_FIELD_LABELS);

  app.get(
    '/accounts/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in account with tier, feature flags, payment methods and subscriptions',
        response: { 200: profileResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      // An e-mail change waiting for its verification completes here once the new address is verified.
      request.account = await confirmPendingEmail(db, identityAdmin, request.account, request.log);
      return { data: await loadProfile(db, request.account) };
    },
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
      const row = await saveProfile(db, request.account.id, request.body.data);
      if (!row) throw notFound('Account not found');
      return { data: await loadProfile(db, row) };
    },
  );

  app.delete(
    '/accounts/profile',
    {
      schema: {
        tags,
        summary:
          'Delete the signed-in account and all its data, and the identity at the identity provider; its tokens get 401 afterwards',
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 503) },
      },
    },
    async (request, reply) => {
      // The identity goes first: if the identity provider cannot be reached, nothing is deleted and
      // the person can try again; once it is gone, deleting here cannot leave a way back in.
      try {
        await identityAdmin.deleteUser(request.account.sub);
      } catch (error) {
        if (!(error instanceof IdentityAdminError)) throw error;
        request.log.error({ err: error }, 'identity not deleted');
        throw new HttpError(503, 'Your account could not be deleted right now. Please try again shortly.');
      }
      await deleteAccount(db, app.jobs, request.account);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/accounts/email',
    {
      schema: {
        tags,
        summary:
          "Change the account's e-mail ('Change Email Address'): changed at the identity provider, which sends a verification link to the new address; the account takes the new address once it is verified (the next profile read asks the identity provider, or the next token that carries it verified)",
        body: emailChangeRequestSchema,
        response: { 200: emailChangeResponseSchema, ...errorResponses(401, 409, 422, 503) },
      },
    },
    async (request) => {
      const { email } = request.body;
      const account = request.account;
      const current = (account.contact_email ?? account.login_email ?? '').toLowerCase();
      if (email === current && email === (account.login_email ?? '').toLowerCase())
        throw new UnprocessableError([{ loc: ['body', 'email'], msg: EMAIL_UNCHANGED_MESSAGE, type: 'value_error' }]);
      let changed: { email: string; emailVerified: boolean };
      try {
        changed = await identityAdmin.updateEmail(account.sub, email);
      } catch (error) {
        if (error instanceof IdentityEmailTakenError) throw conflict(EMAIL_TAKEN_MESSAGE);
        if (!(error instanceof IdentityAdminError)) throw error;
        request.log.error({ err: error }, 'e-mail not changed at the identity provider');
        throw new HttpError(503, 'Your email address could not be changed right now. Please try again shortly.');
      }
      await requestEmailChange(db, account.id, changed.email, changed.emailVerified);
      return { email: changed.email, email_verified: changed.emailVerified, verification_sent: !changed.emailVerified };
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
      if (request.account.contact_saved_on === null) throw notFound(CONTACT_NOT_FOUND);
      return { data: contactDetailsOf(request.account) };
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
      const row = await addContactDetails(db, request.account.id, request.body.data);
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
      const row = await updateContactDetails(db, request.account.id, request.body.data);
      if (!row) throw notFound(CONTACT_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
};
