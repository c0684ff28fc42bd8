import {
  createFarmRequestSchema,
  cropTypesResponseSchema,
  farmFeatureSchema,
  farmListQuerySchema,
  farmListResponseSchema,
  updateFarmRequestSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { currentAccount } from '../accounts/service';
import { errorResponses } from '../responses';
import { CROP_TYPES } from './crop-types';
import { farmAccess, listFarms, loadFarmFeature, requireAbility } from './service';
import { sharingPlugin } from './sharing';

const tags = ['farms'];
const farmParams = z.object({ farm_id: z.string() });

/**
 * Farms (spec 1 §7): the caller's list, create, read, rename/favourite, delete; the crop types; and
 * sharing (`sharing.ts`). Roles per ARCHITECTURE §4: a farm the caller cannot see is 404 "Farm not
 * found" everywhere; a member without the ability gets 403.
 */
export const farmsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Static paths first in the file for the reader; the router prefers them to `/farms/:farm_id` anyway.
  app.get(
    '/farms/crop_types/list',
    {
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
    async (request) => {
      const account = await currentAccount(request);
      return listFarms(db, account.id, request.query);
    },
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
      const account = await currentAccount(request);
      const farm = await db
        .insertInto('farms')
        .values({ owner_id: account.id, name: request.body.data.farm_name })
        .returning('id')
        .executeTakeFirstOrThrow();
      return reply.code(201).send(await loadFarmFeature(db, farm.id, account.id));
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
    async (request) => {
      const account = await currentAccount(request);
      return loadFarmFeature(db, request.params.farm_id, account.id);
    },
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
      const account = await currentAccount(request);
      const { farm, role } = await farmAccess(db, request.params.farm_id, account.id);
      const { farm_name, is_account_farm_favorite } = request.body.data;
      if (farm_name !== undefined) requireAbility(role, 'edit');
      if (is_account_farm_favorite !== undefined) requireAbility(role, 'favourite');

      await db.transaction().execute(async (trx) => {
        if (farm_name !== undefined && farm_name !== farm.name) {
          await trx
            .updateTable('farms')
            .set({ name: farm_name, updated_on: sql<Date>`now()` })
            .where('id', '=', farm.id)
            .execute();
        }
        if (is_account_farm_favorite === true) {
          await trx
            .insertInto('farm_favourites')
            .values({ account_id: account.id, farm_id: farm.id })
            .onConflict((oc) => oc.columns(['account_id', 'farm_id']).doNothing())
            .execute();
        } else if (is_account_farm_favorite === false) {
          await trx
            .deleteFrom('farm_favourites')
            .where('account_id', '=', account.id)
            .where('farm_id', '=', farm.id)
            .execute();
        }
      });
      return loadFarmFeature(db, farm.id, account.id);
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
      const account = await currentAccount(request);
      const { farm, role } = await farmAccess(db, request.params.farm_id, account.id);
      requireAbility(role, 'delete');
      // Fields, memberships, invitations and favourites go with it (ON DELETE CASCADE).
      await db.deleteFrom('farms').where('id', '=', farm.id).execute();
      return reply.code(204).send(null);
    },
  );
};
