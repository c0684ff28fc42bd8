import { messageResponseSchema, shareFarmRequestSchema, shareFarmResponseSchema } from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { errorResponses } from '../responses';
import { requireFarmRole, requireFarmsRole } from './access';
import { normaliseEmail } from './membership';
import { loadCollaborators } from './service';
import { invitationsOf, removeCollaborator, shareFarms } from './sharing-service';

const tags = ['farms'];

export const FARMS_SHARED = 'Farms shared successfully';
export const SHARE_OWNER_ONLY = 'You can only share farms you own';
export { SHARE_WITH_YOURSELF } from './sharing-service';

/**
 * Sharing (spec 1 §7, ARCHITECTURE §4): the owner invites e-mails as editor or viewer to several
 * farms at once, and removes collaborators. An invitation binds to the e-mail: the account holding it
 * (verified) gets access now, or when that person first signs in with it (`membership.ts`).
 */
export const sharingPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/farms/share_farm',
    {
      schema: {
        tags,
        summary:
          'Share several farms with several e-mails as editor or viewer (again = change the permission). Owner of every farm only.',
        body: shareFarmRequestSchema,
        response: { 200: shareFarmResponseSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { farm_ids, account_permission } = request.body.data;
      const farms = await requireFarmsRole(request, farm_ids, 'owner', { forbidden: SHARE_OWNER_ONLY });
      const farmIds = farms.map(({ farm }) => farm.id);
      await shareFarms(db, request.account, farmIds, invitationsOf(account_permission));
      const collaborators = await loadCollaborators(db, farmIds);
      return {
        data: {
          message: FARMS_SHARED,
          farms: farmIds.map((farmId) => ({ farm_id: farmId, collaborators: collaborators.get(farmId) ?? [] })),
        },
      };
    },
  );

  app.post(
    '/farms/:farm_id/remove_collaborator/:collaborator_email',
    {
      schema: {
        tags,
        summary: "Take a collaborator's (or a pending invitation's) access away. Owner only.",
        params: z.object({ farm_id: z.string(), collaborator_email: z.string() }),
        response: { 200: messageResponseSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { farm } = await requireFarmRole(request, request.params.farm_id, 'owner', {
        forbidden: 'Only the owner of this farm can remove collaborators',
      });
      const email = normaliseEmail(request.params.collaborator_email);
      const removed = await removeCollaborator(db, farm, email);
      if (!removed) throw notFound(`${email} is not a collaborator on this farm`);
      return { data: { message: `${removed} no longer has access to ${farm.name}` } };
    },
  );
};
