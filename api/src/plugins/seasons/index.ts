import {
  fieldSeasonCreateSchema,
  fieldSeasonSchema,
  fieldSeasonsResponseSchema,
  fieldSeasonUpdateSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { isUuid, requireFieldRole } from '../farms/access';
import { errorResponses } from '../responses';
import { addSeason, deleteSeason, listSeasons, SEASON_NOT_FOUND, updateSeason } from './service';

const tags = ['seasons'];
const fieldParams = z.object({ id: z.string() });
const seasonParams = z.object({ id: z.string(), season_id: z.string() });
const EDIT_FORBIDDEN = "Viewers can't change a field's seasons";

/**
 * Seasons per field (issue 29): crop, variety, sowing and harvest dates, notes; one current season
 * whose crop is the field's crop type. Members read, editors and owners write.
 */
export const seasonsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/fields/:id/seasons',
    {
      schema: {
        tags,
        summary: "A field's seasons, the current one first, then newest sowing first",
        params: fieldParams,
        response: { 200: fieldSeasonsResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { field } = await requireFieldRole(request.server.db, request.account, request.params.id, 'viewer');
      return { field_id: field.id, seasons: await listSeasons(db, request.account, { fieldId: field.id }) };
    },
  );

  app.post(
    '/fields/:id/seasons',
    {
      schema: {
        tags,
        summary:
          "Add a season to a field; it becomes the current one (and its crop the field's crop type) unless current is false. Editors and owners.",
        params: fieldParams,
        body: fieldSeasonCreateSchema,
        response: { 201: fieldSeasonSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { field } = await requireFieldRole(request.server.db, request.account, request.params.id, 'editor', {
        forbidden: EDIT_FORBIDDEN,
      });
      const season = await addSeason(db, request.account, { fieldId: field.id, season: request.body });
      return reply.code(201).send(season);
    },
  );

  app.patch(
    '/fields/:id/seasons/:season_id',
    {
      schema: {
        tags,
        summary: 'Change a season (left out = unchanged; current: true makes it the current one). Editors and owners.',
        params: seasonParams,
        body: fieldSeasonUpdateSchema,
        response: { 200: fieldSeasonSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { field } = await requireFieldRole(request.server.db, request.account, request.params.id, 'editor', {
        forbidden: EDIT_FORBIDDEN,
      });
      if (!isUuid(request.params.season_id)) throw notFound(SEASON_NOT_FOUND);
      return updateSeason(db, request.account, {
        fieldId: field.id,
        seasonId: request.params.season_id,
        changes: request.body,
      });
    },
  );

  app.delete(
    '/fields/:id/seasons/:season_id',
    {
      schema: {
        tags,
        summary: "Remove a season (removing the current one clears the field's crop type). Editors and owners.",
        params: seasonParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { field } = await requireFieldRole(request.server.db, request.account, request.params.id, 'editor', {
        forbidden: EDIT_FORBIDDEN,
      });
      if (!isUuid(request.params.season_id)) throw notFound(SEASON_NOT_FOUND);
      await deleteSeason(db, request.account, { fieldId: field.id, seasonId: request.params.season_id });
      return reply.code(204).send(null);
    },
  );
};
