import {
  createFarmRequestSchema,
  cropTypesResponseSchema,
  farmFeatureSchema,
  farmListQuerySchema,
  farmListResponseSchema,
  farmTotalsResponseSchema,
  updateFarmRequestSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { declareFieldLabels } from '../../validation';
import { errorResponses } from '../responses';
import { requireFarmRole, requireRole } from './access';
import { CROP_TYPES } from './crop-types';
import { createFarm, deleteFarm, farmTotals, listFarms, loadFarmFeature, updateFarm } from './service';
import { sharingPlugin } from './sharing';

const tags = ['farms'];
const farmParams = z.object({ farm_id: z.string() });

/** The names the farm list, farm forms and share dialog give their fields. */
export const FARM_FIELD_LABELS = {
  data: 'Farm details',
  farm_name: 'Farm name',
  farm_ids: 'Farms',
  account_permission: 'Email addresses',
  email: 'Email address',
  permission: 'Permission',
  search_query: 'Search',
  sort_by: 'Sort by',
  sort_dir: 'Sort direction',
} as const;

/**
 * Farms (spec 1 §7): the caller's list, create, read, rename/favourite, delete; the crop types; and
 * sharing (`sharing.ts`). Roles per ARCHITECTURE §4: a farm the caller cannot see is 404 "Farm not
 * found" everywhere; a member without the ability gets 403.
 */
export const farmsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  declareFieldLabels(app, FARM_FIELD_LABELS);

  // Static paths first in the file for the reader; the router prefers them to `/farms/:farm_id` anyway.
  app.get(
    '/farms/crop_types/list',
    {
      config: { account: false },
      schema: {
        tags,
        summary: "Crop types for a field's crop type (sorted, 'Other' last)",
        response: { 200: cropTypesResponseSchema, ...errorResponses(401) },
      },
    },
    async () => ({ data: { crop_types: [...CROP_TYPES] } }),
  );

  await app.register(sharingPlugin);

  app.get(
    '/farms',
    {
      schema: {
        tags,
        summary: "A page of the caller's farms (owned or shared with them), searched, sorted and filtered by favourite",
        querystring: farmListQuerySchema,
        response: { 200: farmListResponseSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) => listFarms(db, request.account.id, request.query),
  );

  app.get(
    '/farms/totals',
    {
      schema: {
        tags,
        summary:
          "The caller's totals over every farm they can see (owned or shared with them): farms, fields and hectares (the dashboard's summary)",
        response: { 200: farmTotalsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await farmTotals(db, request.account.id) }),
  );

  app.post(
    '/farms',
    {
      schema: {
        tags,
        summary: 'Create a farm (the caller becomes its owner)',
        body: createFarmRequestSchema,
        response: { 201: farmFeatureSchema, ...errorResponses(401, 422) },
      },
    },
    async (request, reply) => {
      const farmId = await createFarm(db, request.account.id, request.body.data.farm_name);
      return reply.code(201).send(await loadFarmFeature(db, farmId, request.account.id));
    },
  );

  app.get(
    '/farms/:farm_id',
    {
      schema: {
        tags,
        summary: 'One farm with its collaborators',
        params: farmParams,
        response: { 200: farmFeatureSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => loadFarmFeature(db, request.params.farm_id, request.account.id),
  );

  app.put(
    '/farms/:farm_id',
    {
      schema: {
        tags,
        summary: "Rename the farm and/or set the caller's favourite flag. Editors and owners.",
        params: farmParams,
        body: updateFarmRequestSchema,
        response: { 200: farmFeatureSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { farm, role } = await requireFarmRole(db, request.account, request.params.farm_id, 'viewer');
      const changes = request.body.data;
      if (changes.farm_name !== undefined) requireRole(role, 'editor');
      if (changes.is_account_farm_favorite !== undefined)
        requireRole(role, 'editor', "Viewers can't mark this farm as a favourite");
      await updateFarm(db, farm, request.account.id, changes);
      return loadFarmFeature(db, farm.id, request.account.id);
    },
  );

  app.delete(
    '/farms/:farm_id',
    {
      schema: {
        tags,
        summary: 'Delete the farm with its fields, collaborators, invitations and favourites. Owner only.',
        params: farmParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { farm } = await requireFarmRole(db, request.account, request.params.farm_id, 'owner', {
        forbidden: 'Only the owner of this farm can delete it',
      });
      await deleteFarm(db, farm.id);
      return reply.code(204).send(null);
    },
  );
};
