// The interaction UI oidc-provider sends users to (/interaction/:uid): sign-in and sign-up forms,
// and automatic consent (all our clients are first-party).
//
// Forms need no extra CSRF token: the interaction cookie is SameSite=Lax, so a cross-site POST
// arrives without it and fails as an expired sign-in.
import type { Context, Next } from 'koa';
import Provider, { errors, type Interaction } from 'oidc-provider';
import type { IdpConfig } from './config';
import { HttpError, readForm, sendHtml } from './http';
import { MESSAGES, messagePage, signInPage, signUpPage, type FormState } from './pages';
import { passwordProblem } from './password-policy';
import { lockMessage, type SignInThrottle } from './throttle';
import { EmailTakenError, isValidEmail, normaliseEmail, type UserStore } from './users';
import type { Mailbox } from './mailbox';
import { sendVerificationEmail, type VerificationTickets } from './verification';

export interface InteractionDeps {
  config: IdpConfig;
  provider: Provider;
  users: UserStore;
  throttle: SignInThrottle;
  /** Where the verification e-mail of a new account goes (sent at sign-up, as Auth0 does). */
  mailbox: Mailbox;
  tickets: VerificationTickets;
}

const ROUTE = /^\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|signup))?\/?$/;

const stringList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function expiredPage(ctx: Context, config: IdpConfig): void {
  sendHtml(
    ctx,
    400,
    messagePage({
      title: 'Sign-in expired',
      heading: 'This sign-in has expired',
      message: 'Sign-in pages are valid for a limited time. Go back to Paddock and sign in again.',
      tone: 'error',
      link: { href: config.appUrl, label: 'Back to Paddock' },
    }),
  );
}

async function finish(
  ctx: Context,
  provider: Provider,
  result: Parameters<Provider['interactionResult']>[2],
  merge: boolean,
): Promise<void> {
  const returnTo = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
  // 303: the browser follows with a GET even after a form POST.
  ctx.status = 303;
  ctx.redirect(returnTo);
}

/** Grants whatever the consent prompt says is missing, without asking (first-party clients). */
async function autoConsent(ctx: Context, { provider }: InteractionDeps, interaction: Interaction): Promise<void> {
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || typeof clientId !== 'string')
    throw new errors.SessionNotFound('interaction has no signed-in account');
  let grant = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  grant ??= new provider.Grant({ accountId, clientId });
  const details = interaction.prompt.details;
  const scopes = stringList(details.missingOIDCScope);
  if (scopes.length) grant.addOIDCScope(scopes);
  const claims = stringList(details.missingOIDCClaims);
  if (claims.length) grant.addOIDCClaims(claims);
  const resourceScopes = details.missingResourceScopes;
  if (typeof resourceScopes === 'object' && resourceScopes !== null) {
    for (const [indicator, list] of Object.entries(resourceScopes)) {
      const missing = stringList(list);
      if (missing.length) grant.addResourceScope(indicator, missing);
    }
  }
  const grantId = await grant.save();
  await finish(ctx, provider, { consent: { grantId } }, true);
}

function formState(uid: string, screen: 'login' | 'signup', extra: Partial<FormState> = {}): FormState {
  const other = screen === 'login' ? 'signup' : 'login';
  return { action: `/interaction/${uid}/${screen}`, switchHref: `/interaction/${uid}/${other}`, ...extra };
}

function render(
  ctx: Context,
  uid: string,
  screen: 'login' | 'signup',
  status: number,
  extra: Partial<FormState> = {},
): void {
  const state = formState(uid, screen, extra);
  sendHtml(ctx, status, screen === 'login' ? signInPage(state) : signUpPage(state));
}

async function signIn(ctx: Context, deps: InteractionDeps, uid: string): Promise<void> {
  const form = await readForm(ctx.req);
  const email = (form.email ?? '').trim();
  const password = form.password ?? '';
  if (!email || !password) {
    render(ctx, uid, 'login', 401, { email, error: MESSAGES.wrongCredentials });
    return;
  }
  // Locked accounts and addresses are refused before the password is looked at.
  const lock = deps.throttle.lockFor(email, ctx.ip);
  if (lock) {
    ctx.set('Retry-After', String(Math.ceil(lock.retryAfterMs / 1000)));
    render(ctx, uid, 'login', 429, { email, error: lockMessage(lock) });
    return;
  }
  const user = await deps.users.authenticate(email, password);
  if (!user) {
    const delay = await deps.throttle.failed(email, ctx.ip);
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    render(ctx, uid, 'login', 401, { email, error: MESSAGES.wrongCredentials });
    return;
  }
  await deps.throttle.succeeded(email);
  await finish(ctx, deps.provider, { login: { accountId: user.sub } }, false);
}

async function signUp(ctx: Context, deps: InteractionDeps, uid: string): Promise<void> {
  const form = await readForm(ctx.req);
  const email = (form.email ?? '').trim();
  const password = form.password ?? '';
  if (!isValidEmail(normaliseEmail(email))) {
    render(ctx, uid, 'signup', 400, { email, error: MESSAGES.invalidEmail, errorField: 'email' });
    return;
  }
  const problem = passwordProblem(password, email);
  if (problem) {
    render(ctx, uid, 'signup', 400, { email, error: problem, errorField: 'password' });
    return;
  }
  let user;
  try {
    user = await deps.users.create({ email, password });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
    render(ctx, uid, 'signup', 409, { email, error: MESSAGES.emailTaken, errorField: 'email' });
    return;
  }
  // New accounts start unverified, get their verification e-mail at once and are signed in straight
  // away, as with Auth0.
  await sendVerificationEmail(user, { tickets: deps.tickets, mailbox: deps.mailbox, issuer: deps.config.issuer });
  await finish(ctx, deps.provider, { login: { accountId: user.sub } }, false);
}

export function interactionRoutes(deps: InteractionDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = ROUTE.exec(ctx.path);
    if (!match?.[1]) {
      await next();
      return;
    }
    const uid = match[1];
    const screen = match[2] as 'login' | 'signup' | undefined;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && !(ctx.method === 'POST' && screen)) {
      ctx.status = 405;
      ctx.set('Allow', screen ? 'GET, POST' : 'GET');
      return;
    }
    try {
      const interaction = await deps.provider.interactionDetails(ctx.req, ctx.res);
      // The cookie names the interaction in progress; an old tab's URL must not act on another.
      if (interaction.uid !== uid) throw new errors.SessionNotFound('interaction mismatch');
      if (interaction.prompt.name !== 'login') {
        await autoConsent(ctx, deps, interaction);
        return;
      }
      if (ctx.method === 'POST') {
        await (screen === 'signup' ? signUp(ctx, deps, uid) : signIn(ctx, deps, uid));
        return;
      }
      const hint = interaction.params.login_hint;
      const email = typeof hint === 'string' ? hint : undefined;
      const wantsSignup = screen === 'signup' || (screen === undefined && interaction.params.screen_hint === 'signup');
      render(ctx, uid, wantsSignup ? 'signup' : 'login', 200, { email });
    } catch (error) {
      if (error instanceof errors.SessionNotFound) {
        expiredPage(ctx, deps.config);
        return;
      }
      if (error instanceof HttpError) {
        sendHtml(
          ctx,
          error.status,
          messagePage({ title: 'Bad request', heading: 'Something went wrong', message: error.message, tone: 'error' }),
        );
        return;
      }
      throw error;
    }
  };
}
