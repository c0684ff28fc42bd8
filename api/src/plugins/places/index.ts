import { placeSearchQuerySchema, placeSearchResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { createPlaceFinder, GazetteerFinder, PlaceSearchUnavailable, searchPlaces } from '../../places/search';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';

/**
 * Place search for the map's search box (issue 10 §1): Australian localities by name from the shipped
 * gazetteer (or the configured geocoder), 'lat, lon' and MGA 'zone easting northing'.
 */
export const placesPlugin: FastifyPluginAsyncZod = async (app) => {
  declareFieldLabels(app, { q: 'Search', limit: 'Limit' });
  const finder = createPlaceFinder(app.config.places);
  // Not under jest: every test api would pay for it, and few search.
  if (finder instanceof GazetteerFinder && process.env.NODE_ENV !== 'test') {
    // Read the dataset once the api is up (in a thread of its own), so the first search does not wait for it.
    app.addHook('onReady', async () => {
      void finder.warm().catch((error: unknown) => app.log.warn({ err: error }, 'the gazetteer could not be read'));
    });
  }

  app.get(
    '/places/search',
    {
      schema: {
        tags: ['places'],
        summary:
          "Australian localities by name (best first; a state or postcode after the name narrows it), or the place of typed coordinates: 'lat, lon' or MGA 'zone easting northing'",
        querystring: placeSearchQuerySchema,
        response: { 200: placeSearchResponseSchema, ...errorResponses(401, 422, 502) },
      },
    },
    async (request) => {
      try {
        return await searchPlaces(finder, request.query.q, request.query.limit);
      } catch (error) {
        if (error instanceof PlaceSearchUnavailable) {
          request.log.warn({ err: error }, 'place search: geocoder unavailable');
          throw new HttpError(502, 'Place search is not available right now. Please try again.');
        }
        throw error;
      }
    },
  );
};
