import {
  bookingPayloadSchema,
  bookingSchema,
  bookingsQuerySchema,
  bookingsResponseSchema,
  bookResponseSchema,
  emMachinesResponseSchema,
  emPriceSchema,
  reserveConflictSchema,
  reserveRequestSchema,
  reserveResponseSchema,
  type BookResponse,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import {
  book,
  DatesTakenError,
  emPrice,
  getBooking,
  listBookings,
  listMachines,
  registerBookingPurpose,
  reserve,
} from './service';

const tags = ['bookings'];

/**
 * Rapid-EM booking (spec 3 §2.11, §4, §7): machines and their reserved days, the upfront price,
 * reservations (holds the database never lets overlap), the book call that starts a card payment,
 * and the caller's bookings. A booking is confirmed only by the provider's verified webhook.
 */
export const bookingsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerBookingPurpose();

  app.get(
    '/sensors/em/machines',
    {
      schema: {
        tags,
        summary: 'Rapid-EM machines with the days they are reserved (ISO dates, end inclusive, from today on)',
        response: { 200: emMachinesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => listMachines(db),
  );

  app.get(
    '/sensors/em/price',
    {
      schema: {
        tags,
        summary: 'The upfront hire fee in cents (before GST) and the GST rate in percent',
        response: { 200: emPriceSchema, ...errorResponses(401) },
      },
    },
    async () => emPrice(db),
  );

  app.post(
    '/sensors/em/reserve',
    {
      schema: {
        tags,
        summary:
          'Hold a machine for at least 3 days (ISO dates, end inclusive) for 15 minutes (one unpaid reservation per account: a new one replaces the old; at most 10 an hour, else 429); 409 with the fresh reserved days when they are taken',
        body: reserveRequestSchema,
        response: {
          200: reserveResponseSchema,
          409: reserveConflictSchema,
          ...errorResponses(401, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const account = request.account;
      try {
        return await reserve({ db, provider: app.payments, log: request.log }, account, request.body);
      } catch (error) {
        if (!(error instanceof DatesTakenError)) throw error;
        return reply.code(409).send({ detail: error.message, machines: await listMachines(db) });
      }
    },
  );

  app.post(
    '/sensors/em/book',
    {
      schema: {
        tags,
        summary:
          'Book a held reservation: a card PaymentIntent for the upfront fee + GST (the same one while open; the hold is not extended); the webhook confirms it',
        body: bookingPayloadSchema,
        response: { 200: bookResponseSchema, ...errorResponses(401, 404, 409, 422, 502) },
      },
    },
    async (request): Promise<BookResponse> => {
      const account = request.account;
      const { payment, subtotal, gst } = await book(
        { db, provider: app.payments, log: request.log },
        account,
        request.body,
      );
      return {
        client_secret: payment.client_secret as string,
        payment_id: payment.id,
        subtotal,
        gst,
        amount: payment.amount_cents,
        currency: 'aud',
      };
    },
  );

  app.get(
    '/sensors/em/bookings',
    {
      schema: {
        tags,
        summary: "The caller's bookings, newest first (skip, limit); status 'booked' is an attempted booking",
        querystring: bookingsQuerySchema,
        response: { 200: bookingsResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => {
      const account = request.account;
      return listBookings(db, account.id, request.query.skip, request.query.limit);
    },
  );

  app.get(
    '/sensors/em/bookings/:booking_id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s bookings',
        params: z.object({ booking_id: z.string() }),
        response: { 200: z.object({ data: bookingSchema }), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const account = request.account;
      return { data: await getBooking(db, account.id, request.params.booking_id) };
    },
  );
};
