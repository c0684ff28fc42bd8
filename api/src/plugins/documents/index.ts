import { taxDocumentsQuerySchema, taxDocumentsResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../responses';
import { registerPortalDocuments } from './portal';
import { listTaxDocuments, registerTaxDocuments, taxDocumentPdf } from './service';

const tags = ['documents'];

/**
 * Tax documents of every purchase that is not an imagery order (zoning, Rapid-EM bookings, the
 * subscription and its renewals): the caller's list (or one payment's), and each stored PDF. The
 * payments seam's listener asks for them (`issueTaxDocument`); a durable job renders each once.
 */
export const documentsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerTaxDocuments({ config: app.config.orders, jobs: app.jobs });
  registerPortalDocuments(db);

  app.get(
    '/documents',
    {
      schema: {
        tags,
        summary: 'The caller’s tax documents of zoning, bookings and the subscription, newest first (or one payment’s)',
        querystring: taxDocumentsQuerySchema,
        response: { 200: taxDocumentsResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => ({ data: await listTaxDocuments(db, request.account.id, request.query.payment_id) }),
  );

  app.get(
    '/documents/:document_id',
    {
      schema: {
        tags,
        summary: 'The stored PDF of one of the caller’s tax documents (Tax Receipt A4, Tax Invoice Legal)',
        params: z.object({ document_id: z.string().max(100) }),
        response: { 200: z.any().describe('application/pdf'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await taxDocumentPdf(db, request.account.id, request.params.document_id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
