import { placeSearchQuerySchema, placeSearchResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../errors';
import { createPlaceFinder, PlaceSearchUnavailable, searchPlaces } from '../../places/search';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';

/**
 * Place search for the map's search box (issue 10 §1): Australian localities by name from the shipped
 * gazetteer (or the configured geocoder), 'lat, lon' and MGA 'zone easting northing'.
 */
export const placesPlugin: FastifyPluginAsyncZod = async (app) => {
  declareFieldLabels(app, { q: 'Search', limit: 'Limit' });
  // The gazetteer's localities are read on the first search: worked out when the api was built (prebuilt.ts).
  const finder = createPlaceFinder(app.config.places);

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
