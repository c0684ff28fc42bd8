import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  messageResponseSchema,
  shareFarmRequestSchema,
  shareFarmResponseSchema,
  waitingInvitationsResponseSchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors';
import { errorResponses } from '../responses';
import { requireFarmRole, requireFarmsRole } from './access';
import { normaliseEmail } from '../../email/address';
import { loadCollaborators } from './service';
import { invitationsOf, removeCollaborator, shareFarms } from './sharing-service';
import {
  acceptInvitation,
  invitationAccepted,
  registerInvitationJob,
  waitingFarms,
  type InvitationSettings,
} from './invitations';

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
  const settings: InvitationSettings = {
    secret: app.config.email.invitationSecret,
    ttlMs: app.config.email.invitationTtlMs,
    appUrl: app.config.email.appUrl,
  };
  registerInvitationJob(app.jobs, { db, mailer: app.mailer, settings });

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
      const farms = await requireFarmsRole(db, request.account, farm_ids, 'owner', { forbidden: SHARE_OWNER_ONLY });
      const farmIds = farms.map(({ farm }) => farm.id);
      await shareFarms(db, request.account, farmIds, invitationsOf(account_permission), { jobs: app.jobs, settings });
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
      const { farm } = await requireFarmRole(db, request.account, request.params.farm_id, 'owner', {
        forbidden: 'Only the owner of this farm can remove collaborators',
      });
      const email = normaliseEmail(request.params.collaborator_email);
      const removed = await removeCollaborator(db, farm, email);
      if (!removed) throw notFound(`${email} is not a collaborator on this farm`);
      return { data: { message: `${removed} no longer has access to ${farm.name}` } };
    },
  );

  app.post(
    '/farms/invitations/accept',
    {
      schema: {
        tags,
        summary:
          "Accept a farm invitation from its e-mail's link: proves the invited address (it must be the caller's sign-in address) and gives the farms at once. Single use; expires.",
        body: acceptInvitationRequestSchema,
        response: { 200: acceptInvitationResponseSchema, ...errorResponses(400, 401, 403, 410, 422) },
      },
    },
    async (request) => {
      const { farmIds, farmNames } = await acceptInvitation(
        db,
        app.identityAdmin,
        settings,
        request.account,
        request.body.data.token,
      );
      return { data: { message: invitationAccepted(farmNames), farm_ids: farmIds } };
    },
  );

  app.get(
    '/farms/invitations/waiting',
    {
      schema: {
        tags,
        summary: "Farms shared with the caller's sign-in address that wait for it to be verified (0 once it is)",
        response: { 200: waitingInvitationsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      data: {
        email: request.account.login_email,
        email_verified: request.account.email_verified,
        waiting_farms: await waitingFarms(db, request.account),
      },
    }),
  );
};
