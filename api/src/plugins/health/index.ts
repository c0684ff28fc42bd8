import { healthSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { errorResponses } from '../responses';

/** `GET /health`: no token needed; answers only when the database does. */
export const healthPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: { 200: healthSchema, ...errorResponses(503) },
      },
    },
    async (request) => {
      try {
        await app.pingDatabase();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        throw new HttpError(503, 'Database unavailable');
      }
      return { status: 'ok' as const, database: app.databaseKind, version: app.config.version };
    },
  );
};
