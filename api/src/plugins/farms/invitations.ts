// Farm invitations that arrive (issue 27): sharing sends each invited address one e-mail (a durable
// job, through the e-mail seam) naming the farms, the role and who invited, with a link whose token
// is signed, expires and works once. Opening it signed in with that address proves the address: the
// identity provider marks it verified and the farms are the invitee's at once.
import { createHash, randomBytes } from 'node:crypto';
import type { CollaboratorPermission } from '@paddock/shared/contracts';
import { sql, type Transaction } from 'kysely';
import { z } from 'zod';
import type { AccountRow, Database } from '../../db/types';
import type { Mailer } from '../../email';
import { HttpError } from '../../errors';
import { readToken, signToken } from '../../crypto/signed-token';
import type { IdentityAdmin } from '../../identity';
import type { JobRunner } from '../../jobs/runner';
import { normaliseEmail } from '../../email/address';
import { syncFarmMemberships } from './membership';
import type { Db } from '../../db';

export const INVITATION_EMAIL_JOB = 'farm-invitation-email';

export const INVITATION_NOT_VALID = 'This invitation link is not valid. Ask the farm owner to share the farm again.';
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the farm owner to share the farm again.';
export const INVITATION_USED =
  'This invitation has already been used or was withdrawn. Ask the farm owner to share the farm again if you still need it.';
export const invitationForAnotherAddress = (invited: string, signedIn: string | null) =>
  `This invitation was sent to ${invited}, but you are signed in as ${signedIn ?? 'an account without an e-mail address'}. Sign out, then open the link again and sign in (or sign up) with ${invited}.`;

export interface InvitationSettings {
  secret: string;
  ttlMs: number;
  appUrl: string;
}

interface TokenClaims {
  /** The invited address (normalised). */
  e: string;
  /** Random nonce; its SHA-256 is stored on the invitation's rows. */
  n: string;
  /** Expiry, seconds since the epoch. */
  x: number;
}

const claimsSchema = z.object({ e: z.string().min(3), n: z.string().min(16), x: z.number().int() });

export const tokenHash = (nonce: string) => createHash('sha256').update(nonce).digest('base64url');

const PURPOSE = 'paddock-invitation';

/** `<base64url(JSON claims)>.<HMAC-SHA256>`: what the invitation link carries. */
export function signInvitationToken(claims: TokenClaims, secret: string): string {
  return signToken(PURPOSE, claims, secret);
}

/** The claims of a well-signed token (expired or not), or null for anything forged or mangled. */
export function readInvitationToken(token: string, secret: string): TokenClaims | null {
  return readToken(PURPOSE, token, secret, claimsSchema);
}

/** Where the link opens the web app: the host asks the invitee to sign up (or in) with `email` first. */
export const invitationLink = (appUrl: string, token: string, email: string) =>
  `${appUrl}/invitation?${new URLSearchParams({ token, email }).toString()}`;

const jobPayloadSchema = z.object({
  email: z.string(),
  nonce: z.string(),
  expires_at: z.number().int(),
  farm_ids: z.array(z.string()).min(1),
  permission: z.enum(['editor', 'viewer']),
  inviter_id: z.string(),
});
type InvitationJob = z.infer<typeof jobPayloadSchema>;

/**
 * Marks the pending invitations of `email` to `farmIds` with a new token (the previous link stops
 * working) and enqueues its e-mail, in the share's transaction. Addresses already held by an account
 * get no token: the farms are theirs now, and the e-mail only tells them.
 */
export async function inviteByEmail(
  trx: Transaction<Database>,
  jobs: JobRunner,
  settings: InvitationSettings,
  input: { sharer: AccountRow; email: string; farmIds: readonly string[]; permission: CollaboratorPermission },
): Promise<void> {
  const nonce = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + settings.ttlMs);
  await trx
    .updateTable('farm_members')
    .set({
      invited_by: input.sharer.id,
      invitation_expires_on: expiresAt,
      invitation_token_hash: sql<string | null>`case when account_id is null then ${tokenHash(nonce)} else null end`,
    })
    .where('email', '=', input.email)
    .where('farm_id', 'in', [...input.farmIds])
    .execute();
  await jobs.enqueue(trx, INVITATION_EMAIL_JOB, {
    email: input.email,
    nonce,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    farm_ids: [...input.farmIds],
    permission: input.permission,
    inviter_id: input.sharer.id,
  } satisfies InvitationJob);
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const ROLE_WORDS: Record<CollaboratorPermission, string> = {
  viewer: 'viewer (you can see its fields, imagery and zones)',
  editor: 'editor (you can draw and edit fields, make zones and order)',
};

/** The invitation e-mail: who invited, to which farms, as what, and the link. */
export function invitationMail(input: {
  inviter: string;
  farms: string[];
  permission: CollaboratorPermission;
  link: string;
  expiresAt: Date;
  alreadyMember: boolean;
}) {
  const farms = listOf(input.farms.map((name) => `'${name}'`));
  const subject = `${input.inviter} shared ${farms} with you on Paddock`;
  const expires = input.expiresAt.toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Australia/Adelaide',
  });
  const text = [
    'Hello,',
    '',
    `${input.inviter} invited you to ${input.farms.length === 1 ? 'the farm' : 'the farms'} ${farms} on Paddock as ${ROLE_WORDS[input.permission]}.`,
    '',
    input.alreadyMember
      ? `${input.farms.length === 1 ? 'It is' : 'They are'} in your farm list already. Open Paddock:`
      : 'Open this link to sign up (or sign in) with this e-mail address; the farm will be in your list when you arrive:',
    '',
    input.link,
    '',
    input.alreadyMember ? '' : `The link works once and until ${expires}.`,
    'If you did not expect this invitation, you can ignore this e-mail.',
    '',
    '— Paddock',
  ]
    .filter((line, index, lines) => !(line === '' && lines[index - 1] === ''))
    .join('\n');
  return { subject, text };
}

export function registerInvitationJob(
  jobs: JobRunner,
  deps: { db: Db; mailer: Mailer; settings: InvitationSettings },
): void {
  jobs.register<InvitationJob>(INVITATION_EMAIL_JOB, {
    parse: (payload) => jobPayloadSchema.parse(payload),
    handle: async (payload, { job }) => {
      const rows = await deps.db
        .selectFrom('farm_members as m')
        .innerJoin('farms as f', 'f.id', 'm.farm_id')
        .select(['f.name', 'm.account_id', 'm.invitation_token_hash'])
        .where('m.email', '=', payload.email)
        .where('m.farm_id', 'in', payload.farm_ids)
        .orderBy('f.name')
        .execute();
      // Revoked (or re-shared with a newer link) before the e-mail went: nothing to send.
      const hash = tokenHash(payload.nonce);
      const pending = rows.filter((row) => row.account_id === null && row.invitation_token_hash === hash);
      const active = rows.filter((row) => row.account_id !== null);
      if (pending.length === 0 && active.length === 0) return;
      const inviter = await deps.db
        .selectFrom('accounts')
        .select(['first_name', 'last_name', 'login_email', 'contact_email'])
        .where('id', '=', payload.inviter_id)
        .executeTakeFirst();
      const inviterName =
        [inviter?.first_name, inviter?.last_name].filter((part) => part?.trim()).join(' ') ||
        inviter?.contact_email ||
        inviter?.login_email ||
        'A Paddock user';
      const alreadyMember = pending.length === 0;
      const token = signInvitationToken(
        { e: payload.email, n: payload.nonce, x: payload.expires_at },
        deps.settings.secret,
      );
      const link = alreadyMember
        ? `${deps.settings.appUrl}/farms`
        : invitationLink(deps.settings.appUrl, token, payload.email);
      const { subject, text } = invitationMail({
        inviter: inviterName,
        farms: (alreadyMember ? active : pending).map((row) => row.name),
        permission: payload.permission,
        link,
        expiresAt: new Date(payload.expires_at * 1000),
        alreadyMember,
      });
      await deps.mailer.send({ id: `invitation-${job.id}`, to: payload.email, subject, text, link });
    },
  });
}

/**
 * Accepts an invitation for the signed-in account: the token must be well signed, unexpired and
 * unused, and the account's sign-in address the invited one. The link proves the address, so an
 * unverified one is marked verified at the identity provider (and here: older tokens' claims about
 * it no longer count), and every pending invitation to it becomes the account's. The farms it gave.
 */
export async function acceptInvitation(
  db: Db,
  identityAdmin: IdentityAdmin,
  settings: InvitationSettings,
  account: AccountRow,
  token: string,
): Promise<{ farmIds: string[]; farmNames: string[] }> {
  const claims = readInvitationToken(token, settings.secret);
  if (!claims) throw new HttpError(400, INVITATION_NOT_VALID);
  if (claims.x * 1000 <= Date.now()) throw new HttpError(410, INVITATION_EXPIRED);
  const signedIn = account.login_email ? normaliseEmail(account.login_email) : null;
  if (signedIn !== claims.e) throw new HttpError(403, invitationForAnotherAddress(claims.e, account.login_email));

  const hash = tokenHash(claims.n);
  const rows = await db
    .selectFrom('farm_members as m')
    .innerJoin('farms as f', 'f.id', 'm.farm_id')
    .select(['m.farm_id', 'f.name', 'f.owner_id'])
    .where('m.email', '=', claims.e)
    .where('m.invitation_token_hash', '=', hash)
    .where('m.account_id', 'is', null)
    .orderBy('f.name')
    .execute();
  if (rows.length === 0) throw new HttpError(410, INVITATION_USED);

  if (!account.email_verified) await identityAdmin.markEmailVerified(account.sub, claims.e);

  const { farmIds, verified } = await db.transaction().execute(async (trx) => {
    // Single use: the first request to clear the hash wins; a concurrent one finds nothing.
    const used = await trx
      .updateTable('farm_members')
      .set({ invitation_token_hash: null, invitation_expires_on: null, updated_on: sql<Date>`now()` })
      .where('email', '=', claims.e)
      .where('invitation_token_hash', '=', hash)
      .where('account_id', 'is', null)
      .returning('farm_id')
      .execute();
    if (used.length === 0) throw new HttpError(410, INVITATION_USED);
    // The address is proven now; tokens issued before this moment still say it is not, and are not believed.
    const row = await trx
      .updateTable('accounts')
      .set({ email_verified: true, email_changed_on: sql<Date>`now()`, updated_on: sql<Date>`now()` })
      .where('id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { farmIds: used.map((item) => item.farm_id), verified: row };
  });
  // Every pending invitation to the address (these and any other) is the account's now.
  await syncFarmMemberships(db, { ...verified, farm_access_email: null });
  const names = rows.filter((row) => farmIds.includes(row.farm_id)).map((row) => row.name);
  return { farmIds, farmNames: names };
}

export const invitationAccepted = (farmNames: string[]) =>
  farmNames.length === 1
    ? `You now have access to ${farmNames[0]}`
    : `You now have access to ${farmNames.length} farms: ${listOf(farmNames)}`;

/** Farms shared with the account's sign-in address that wait for it to be verified (0 once it is). */
export async function waitingFarms(db: Db, account: AccountRow): Promise<number> {
  if (account.email_verified || !account.login_email) return 0;
  const row = await db
    .selectFrom('farm_members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', '=', normaliseEmail(account.login_email))
    .where('account_id', 'is', null)
    .where((eb) => eb.or([eb('invitation_expires_on', 'is', null), eb('invitation_expires_on', '>', sql<Date>`now()`)]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
