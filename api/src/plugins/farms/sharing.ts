import {
  messageResponseSchema,
  shareFarmRequestSchema,
  shareFarmResponseSchema,
  type CollaboratorPermission,
  type ValidationIssue,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { forbidden, notFound, UnprocessableError } from '../../errors';
import { currentAccount } from '../accounts/service';
import { errorResponses } from '../responses';
import { normaliseEmail } from './membership';
import {
  FARM_NOT_FOUND,
  farmAccess,
  isUuid,
  isVisibleFarm,
  loadCollaborators,
  requireAbility,
  roleOf,
} from './service';

const tags = ['farms'];

export const FARMS_SHARED = 'Farms shared successfully';
export const SHARE_OWNER_ONLY = 'You can only share farms you own';
export const SHARE_WITH_YOURSELF = "You can't share a farm with yourself";
/** Membership rows per INSERT (4 parameters each). */
const UPSERT_BATCH = 2000;

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
      const account = await currentAccount(request);
      const farmIds = [...new Set(request.body.data.farm_ids)];
      // The last permission given to an e-mail wins; its first place names it in errors.
      const invites = new Map<string, { permission: CollaboratorPermission; index: number }>();
      request.body.data.account_permission.forEach(({ email, permission }, index) => {
        const key = normaliseEmail(email);
        invites.set(key, { permission, index: invites.get(key)?.index ?? index });
      });

      if (!farmIds.every(isUuid)) throw notFound(FARM_NOT_FOUND);
      const farms = await db
        .selectFrom('farms as f')
        .leftJoin('farm_members as m', (join) =>
          join.onRef('m.farm_id', '=', 'f.id').on('m.account_id', '=', account.id),
        )
        .select(['f.id', roleOf(account.id).as('role')])
        .where('f.id', 'in', farmIds)
        .where(isVisibleFarm(account.id))
        .execute();
      if (farms.length < farmIds.length) throw notFound(FARM_NOT_FOUND);
      if (farms.some((farm) => farm.role !== 'owner')) throw forbidden(SHARE_OWNER_ONLY);

      // Accounts holding the invited e-mails, verified (the most recently active one per e-mail).
      const emails = [...invites.keys()];
      const holders = await db
        .selectFrom('accounts')
        .select(['id', sql<string>`lower(login_email)`.as('email')])
        .where(sql`lower(login_email)`, 'in', emails)
        .where('email_verified', '=', true)
        .orderBy('updated_on', 'desc')
        .execute();
      const holderOf = new Map<string, string>();
      for (const holder of holders) if (!holderOf.has(holder.email)) holderOf.set(holder.email, holder.id);

      const own = new Set(
        [account.login_email, account.contact_email].filter((email) => email !== null).map(normaliseEmail),
      );
      const selfIssues: ValidationIssue[] = [...invites]
        .filter(([email]) => own.has(email) || holderOf.get(email) === account.id)
        .map(([, { index }]) => ({
          loc: ['body', 'data', 'account_permission', index, 'email'],
          msg: SHARE_WITH_YOURSELF,
          type: 'value_error',
        }));
      if (selfIssues.length > 0) throw new UnprocessableError(selfIssues);

      const rows = farmIds.flatMap((farmId) =>
        [...invites].map(([email, { permission }]) => ({
          farm_id: farmId,
          email,
          permission,
          account_id: holderOf.get(email) ?? null,
        })),
      );
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
          await trx
            .insertInto('farm_members')
            .values(rows.slice(start, start + UPSERT_BATCH))
            .onConflict((oc) =>
              oc.columns(['farm_id', 'email']).doUpdateSet({
                permission: (eb) => eb.ref('excluded.permission'),
                account_id: sql`coalesce(farm_members.account_id, excluded.account_id)`,
                updated_on: sql<Date>`now()`,
              }),
            )
            .execute();
        }
      });

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
      const account = await currentAccount(request);
      const { farm, role } = await farmAccess(db, request.params.farm_id, account.id);
      requireAbility(role, 'share', 'Only the owner of this farm can remove collaborators');
      const email = normaliseEmail(request.params.collaborator_email);
      const removed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('farm_members')
          .where('farm_id', '=', farm.id)
          .where('email', '=', email)
          .returning(['email', 'account_id'])
          .executeTakeFirst();
        // Their favourite of this farm goes too, so a later invitation starts afresh.
        if (row?.account_id) {
          await trx
            .deleteFrom('farm_favourites')
            .where('farm_id', '=', farm.id)
            .where('account_id', '=', row.account_id)
            .execute();
        }
        return row;
      });
      if (!removed) throw notFound(`${email} is not a collaborator on this farm`);
      return { data: { message: `${removed.email} no longer has access to ${farm.name}` } };
    },
  );
};
