// Auth0 Management API subset: POST /api/v2/jobs/verification-email, and the page the e-mailed
// link opens (GET /verify-email?ticket=...).
import { randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import type Provider from 'oidc-provider';
import { ADMIN_CLIENT_ID, ADMIN_SCOPE, type IdpConfig } from './config';
import { applyCors, HttpError, readJsonObject, sendHtml, sendJsonError } from './http';
import type { Mailbox } from './mailbox';
import { messagePage } from './pages';
import { bearerToken, type AccessTokenVerifier } from './tokens';
import type { UserStore } from './users';
import { sendVerificationEmail, type VerificationTickets } from './verification';

export interface JobDeps {
  config: IdpConfig;
  provider: Provider;
  users: UserStore;
  mailbox: Mailbox;
  tickets: VerificationTickets;
  verifyAccessToken: AccessTokenVerifier;
}

async function verificationEmailJob(ctx: Context, deps: JobDeps): Promise<void> {
  const token = bearerToken(ctx.get('Authorization'));
  if (!token) {
    ctx.set('WWW-Authenticate', 'Bearer');
    sendJsonError(ctx, 401, 'Missing bearer token');
    return;
  }
  let caller;
  try {
    caller = await deps.verifyAccessToken(token);
  } catch {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    sendJsonError(ctx, 401, 'Invalid or expired access token');
    return;
  }

  const body = await readJsonObject(ctx.req);
  const userId = body.user_id;
  if (typeof userId !== 'string' || userId === '') throw new HttpError(400, 'user_id is required');
  // Auth0 also takes the application (client_id) whose settings the e-mail uses; only ours exist.
  if (
    body.client_id !== undefined &&
    (typeof body.client_id !== 'string' || !(await deps.provider.Client.find(body.client_id)))
  ) {
    throw new HttpError(400, 'Unknown client_id');
  }

  // A user may ask for their own address; the admin client for anyone's.
  const isAdmin = caller.clientId === ADMIN_CLIENT_ID && caller.scopes.includes(ADMIN_SCOPE);
  if (!isAdmin && caller.sub !== userId) {
    sendJsonError(ctx, 403, 'You can only request a verification email for your own account');
    return;
  }
  const user = deps.users.findBySub(userId);
  if (!user) {
    sendJsonError(ctx, 404, 'The user does not exist');
    return;
  }

  await sendVerificationEmail(user, { tickets: deps.tickets, mailbox: deps.mailbox, issuer: deps.config.issuer });
  ctx.status = 201;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = {
    type: 'verification_email',
    status: 'pending',
    id: `job_${randomBytes(8).toString('hex')}`,
    created_at: new Date().toISOString(),
  };
}

async function verifyEmailPage(ctx: Context, deps: JobDeps): Promise<void> {
  const ticket = ctx.query.ticket;
  const result =
    typeof ticket === 'string' && ticket
      ? await deps.tickets.redeem(ticket, deps.users)
      : { status: 'invalid' as const };
  const link = { href: deps.config.appUrl, label: 'Back to Paddock' };
  if (result.status === 'verified') {
    sendHtml(
      ctx,
      200,
      messagePage({
        title: 'Email verified',
        heading: 'Your email address is verified',
        message: `Thanks! ${result.user.email} is now verified. You can go back to Paddock.`,
        tone: 'ok',
        link,
      }),
    );
    return;
  }
  sendHtml(
    ctx,
    400,
    messagePage({
      title: 'Link not valid',
      heading: 'This link is not valid',
      message: 'The verification link has expired or is not valid. Ask Paddock to send a new verification email.',
      tone: 'error',
      link,
    }),
  );
}

export function jobRoutes(deps: JobDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path === '/api/v2/jobs/verification-email') {
      if (applyCors(ctx, deps.config.webOrigins, 'POST, OPTIONS')) return;
      if (ctx.method !== 'POST') {
        ctx.set('Allow', 'POST');
        sendJsonError(ctx, 405, 'Method not allowed');
        return;
      }
      try {
        await verificationEmailJob(ctx, deps);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        sendJsonError(ctx, error.status, error.message);
      }
      return;
    }
    if (ctx.path === '/verify-email' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      await verifyEmailPage(ctx, deps);
      return;
    }
    await next();
  };
}
