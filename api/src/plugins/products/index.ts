import { productsResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../responses';
import { listProducts } from './service';

/** The products of high-resolution imagery orders (spec 3 §3, §7 `GET v2/products`), kept in the database. */
export const productsPlugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      schema: {
        tags: ['orders'],
        summary:
          'Imagery products with descriptions, suggestions and capture packages (cents per ha before GST, minimum price and area, minimum months)',
        response: { 200: productsResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ data: await listProducts(app.db) }),
  );
};
