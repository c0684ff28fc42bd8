// Auth0 Management API subset the api uses, with a client-credentials token of the admin client for
// the Management API audience (`<issuer>api/v2/`):
// - GET /api/v2/users/{id} (scope read:users): the user's e-mail and whether it is verified (the api
//   asks while an e-mail change waits for its verification);
// - DELETE /api/v2/users/{id} (scope delete:users): the person deleted their account;
// - PATCH /api/v2/users/{id} {email, verify_email, email_verified} (scope update:users): the person
//   changed their e-mail address. As at Auth0, the new address is unverified (unless email_verified
//   is true) and, with verify_email (the default here), a verification link goes to it.
import type { Context, Next } from 'koa';
import { avatarUrl, EmailTakenError, isValidEmail, type User, type UserStore } from './users';
import { type IdpConfig } from './config';
import { HttpError, readJsonObject, sendJsonError } from './http';
import type { Mailbox } from './mailbox';
import { bearerToken, type AccessTokenVerifier } from './tokens';
import { sendVerificationEmail, type VerificationTickets } from './verification';

export interface ManagementDeps {
  config: IdpConfig;
  users: UserStore;
  /** Verifies tokens for the Management API audience. */
  verifyManagementToken: AccessTokenVerifier;
  /** Where verification links of changed addresses go (the dev mailbox). */
  mailbox: Mailbox;
  tickets: VerificationTickets;
}

const USER_ROUTE = /^\/api\/v2\/users\/([^/]+)$/;

/** The caller's token has `scope`; otherwise the answer is sent and false returned. */
async function authorise(ctx: Context, deps: ManagementDeps, scope: string): Promise<boolean> {
  const token = bearerToken(ctx.get('Authorization'));
  let scopes: string[];
  try {
    if (!token) throw new Error('missing');
    scopes = (await deps.verifyManagementToken(token)).scopes;
  } catch {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    sendJsonError(ctx, 401, 'Missing or invalid Management API token');
    return false;
  }
  if (!scopes.includes(scope)) {
    sendJsonError(ctx, 403, `Insufficient scope, expected: ${scope}`);
    return false;
  }
  return true;
}

async function deleteUser(ctx: Context, deps: ManagementDeps, id: string): Promise<void> {
  if (!(await authorise(ctx, deps, 'delete:users'))) return;
  if (!(await deps.users.delete(id))) {
    sendJsonError(ctx, 404, 'The user does not exist.');
    return;
  }
  deps.config.log(`idp: user ${id} deleted through the Management API`);
  ctx.status = 204;
}

/** Auth0's user object (the fields a Management API answer carries). */
function userBody(user: User, issuer: string) {
  return {
    user_id: user.sub,
    email: user.email,
    email_verified: user.emailVerified,
    name: user.name,
    nickname: user.nickname,
    picture: avatarUrl(issuer, user.sub),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    identities: [{ connection: 'Username-Password-Authentication', provider: 'auth0', isSocial: false }],
  };
}

async function readUser(ctx: Context, deps: ManagementDeps, id: string): Promise<void> {
  if (!(await authorise(ctx, deps, 'read:users'))) return;
  const user = deps.users.findBySub(id);
  if (!user) {
    sendJsonError(ctx, 404, 'The user does not exist.');
    return;
  }
  ctx.status = 200;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = userBody(user, deps.config.issuer);
}

async function updateUser(ctx: Context, deps: ManagementDeps, id: string): Promise<void> {
  if (!(await authorise(ctx, deps, 'update:users'))) return;
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(ctx.req);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    sendJsonError(ctx, error.status, error.message);
    return;
  }
  const { email, verify_email: verifyEmail, email_verified: emailVerified, ...rest } = body;
  const unsupported = Object.keys(rest);
  if (unsupported.length > 0) {
    sendJsonError(ctx, 400, `Payload validation error: 'Additional properties not allowed: ${unsupported.join(',')}'.`);
    return;
  }
  if (email !== undefined && (typeof email !== 'string' || !isValidEmail(email.trim().toLowerCase()))) {
    sendJsonError(ctx, 400, "Payload validation error: 'Object didn't pass validation for format email: email'.");
    return;
  }
  if (
    (verifyEmail !== undefined && typeof verifyEmail !== 'boolean') ||
    (emailVerified !== undefined && typeof emailVerified !== 'boolean')
  ) {
    sendJsonError(ctx, 400, 'Payload validation error: verify_email and email_verified are booleans.');
    return;
  }
  const existing = deps.users.findBySub(id);
  if (!existing) {
    sendJsonError(ctx, 404, 'The user does not exist.');
    return;
  }
  let user: User = existing;
  if (typeof email === 'string') {
    const before = existing.email;
    try {
      user = (await deps.users.updateEmail(id, email, { verified: emailVerified === true })) ?? existing;
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      sendJsonError(ctx, 409, 'The specified new email already exists');
      return;
    }
    const changed = user.email !== before;
    if (changed) deps.config.log(`idp: user ${id} changed their e-mail through the Management API`);
    // Auth0 sends the verification e-mail of a changed, unverified address unless told not to.
    if (changed && !user.emailVerified && verifyEmail !== false) {
      await sendVerificationEmail(user, { tickets: deps.tickets, mailbox: deps.mailbox, issuer: deps.config.issuer });
    }
  } else if (emailVerified === true) {
    user = (await deps.users.markEmailVerified(id)) ?? existing;
  }
  ctx.status = 200;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = userBody(user, deps.config.issuer);
}

export function managementRoutes(deps: ManagementDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = USER_ROUTE.exec(ctx.path);
    if (!match?.[1]) {
      await next();
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'DELETE' && ctx.method !== 'PATCH') {
      ctx.set('Allow', 'GET, DELETE, PATCH');
      sendJsonError(ctx, 405, 'Method not allowed');
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      sendJsonError(ctx, 400, 'Invalid user id');
      return;
    }
    if (ctx.method === 'GET') await readUser(ctx, deps, id);
    else if (ctx.method === 'DELETE') await deleteUser(ctx, deps, id);
    else await updateUser(ctx, deps, id);
  };
}
