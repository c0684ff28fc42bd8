// Auth0 wire compatibility: what @auth0/auth0-spa-js (and Auth0 client code in general) sends or
// expects that oidc-provider does not do by itself.
//   - `audience` instead of RFC 8707 `resource` (on /authorize and /oauth/token);
//   - JSON bodies on /oauth/token and /oauth/revoke (oidc-provider reads form-encoded only);
//   - client_credentials without `scope` gets the client's API scope; Basic client auth → post;
//   - /userinfo accepting the API access token (Auth0 tokens with `openid` work there too);
//   - GET /v2/logout?client_id=..&returnTo=.. ends the session with no confirmation page.
import { IncomingMessage } from 'node:http';
import type { Context, Next } from 'koa';
import type Provider from 'oidc-provider';
import { ADMIN_SCOPE, MANAGEMENT_SCOPES, type IdpConfig } from './config';
import { applyCors, isFormRequest, isJsonRequest, readRawBody, sendHtml } from './http';
import { messagePage } from './pages';
import { bearerToken, looksLikeJwt, type AccessTokenVerifier } from './tokens';
import { userClaims, type UserStore } from './users';

const TOKEN_BODY_PATHS = new Set(['/oauth/token', '/oauth/revoke']);

/** Rewrites `/authorize` query parameters from Auth0's dialect; undefined when nothing changes. */
export function adaptAuthorizeQuery(search: URLSearchParams): URLSearchParams | undefined {
  const params = new URLSearchParams(search);
  let changed = false;
  const audience = params.get('audience');
  if (params.has('audience')) {
    params.delete('audience');
    if (audience && !params.has('resource')) params.set('resource', audience);
    changed = true;
  }
  // oidc-provider keeps `offline_access` only when prompt includes `consent` (OIDC Core 11),
  // while Auth0 issues the refresh token without it. Consent is automatic here (see provider.ts),
  // so asking for it changes nothing else. prompt=none must stay alone (silent requests).
  const prompts = (params.get('prompt') ?? '').split(' ').filter(Boolean);
  const scopes = (params.get('scope') ?? '').split(' ');
  if (scopes.includes('offline_access') && !prompts.includes('none') && !prompts.includes('consent')) {
    params.set('prompt', [...prompts, 'consent'].join(' '));
    changed = true;
  }
  return changed ? params : undefined;
}

/** Flattens a JSON token request into form fields (arrays become repeated fields). */
function jsonToForm(body: unknown): URLSearchParams | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean')
        form.append(name, String(item));
    }
  }
  return form;
}

/** Applies Auth0's token-request conventions to the form fields. */
export function adaptTokenForm(
  form: URLSearchParams,
  authorization: string | undefined,
): { form: URLSearchParams; dropAuthorization: boolean } {
  const audience = form.get('audience');
  form.delete('audience');
  if (audience && !form.has('resource')) form.set('resource', audience);
  // Auth0 grants a machine client every API scope it was given when it names none.
  if (form.get('grant_type') === 'client_credentials' && !form.get('scope')) {
    const management = form.get('resource')?.endsWith('/api/v2/') ?? false;
    form.set('scope', management ? MANAGEMENT_SCOPES.join(' ') : ADMIN_SCOPE);
  }
  // Auth0 accepts Basic as well as body credentials for the same client; our confidential client
  // is registered with client_secret_post, so Basic credentials move into the body.
  let dropAuthorization = false;
  const basic = /^Basic\s+(\S+)\s*$/i.exec(authorization ?? '');
  if (basic?.[1] && !form.has('client_secret')) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) {
      try {
        form.set('client_id', decodeURIComponent(decoded.slice(0, colon)));
        form.set('client_secret', decodeURIComponent(decoded.slice(colon + 1)));
        dropAuthorization = true;
      } catch {
        // Malformed percent-encoding: leave the header for oidc-provider to reject.
      }
    }
  }
  return { form, dropAuthorization };
}

/** A fresh request stream carrying `body`, for oidc-provider to read instead of the original. */
function replayRequest(original: IncomingMessage, body: Buffer, headers: IncomingMessage['headers']): IncomingMessage {
  const copy = new IncomingMessage(original.socket);
  copy.method = original.method;
  copy.url = original.url;
  copy.httpVersion = original.httpVersion;
  copy.httpVersionMajor = original.httpVersionMajor;
  copy.httpVersionMinor = original.httpVersionMinor;
  copy.headers = headers;
  copy.rawHeaders = Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((item) => [name, item]),
  );
  copy.push(body);
  copy.push(null);
  // Marks the message as fully received; otherwise destroying it after reading would be taken
  // for an aborted request and close the shared socket.
  copy.complete = true;
  return copy;
}

/**
 * Adapts a raw request before oidc-provider sees it. Done at the node level because oidc-provider
 * reads the token endpoint's body from the stream itself.
 */
export async function adaptNodeRequest(req: IncomingMessage): Promise<IncomingMessage> {
  const url = new URL(req.url ?? '/', 'http://idp.invalid');
  if (url.pathname === '/authorize' && (req.method === 'GET' || req.method === 'HEAD')) {
    const adapted = adaptAuthorizeQuery(url.searchParams);
    if (adapted) req.url = `${url.pathname}?${adapted.toString()}`;
    return req;
  }
  if (!TOKEN_BODY_PATHS.has(url.pathname) || req.method !== 'POST') return req;

  const body = await readRawBody(req);
  let form: URLSearchParams | undefined;
  if (isJsonRequest(req)) {
    try {
      form = jsonToForm(JSON.parse(body.toString('utf8')));
    } catch {
      form = undefined;
    }
  } else if (isFormRequest(req)) {
    form = new URLSearchParams(body.toString('utf8'));
  }
  // Anything else is replayed untouched: oidc-provider answers with its usual invalid_request.
  if (!form) return replayRequest(req, body, req.headers);

  const { form: adapted, dropAuthorization } = adaptTokenForm(form, req.headers.authorization);
  const encoded = Buffer.from(adapted.toString(), 'utf8');
  const headers: IncomingMessage['headers'] = {
    ...req.headers,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(encoded.length),
  };
  delete headers['transfer-encoding'];
  if (dropAuthorization) delete headers.authorization;
  return replayRequest(req, encoded, headers);
}

// --- Koa routes ---------------------------------------------------------------------------------

export interface CompatDeps {
  config: IdpConfig;
  provider: Provider;
  users: UserStore;
  verifyAccessToken: AccessTokenVerifier;
}

const queryString = (ctx: Context, name: string): string | undefined => {
  const value = ctx.query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Allowed when equal to a registered URL, ignoring query and fragment (as Auth0 does). */
function isAllowedReturnTo(returnTo: string, allowed: readonly string[]): boolean {
  const url = URL.parse(returnTo);
  if (!url) return false;
  return allowed.includes(returnTo) || allowed.includes(`${url.origin}${url.pathname}`);
}

function signOutFailed(ctx: Context, message: string): void {
  sendHtml(ctx, 400, messagePage({ title: 'Sign out failed', heading: 'Sign out failed', message, tone: 'error' }));
}

async function logout(ctx: Context, { config, provider }: CompatDeps): Promise<void> {
  const clientId = queryString(ctx, 'client_id') ?? queryString(ctx, 'clientId');
  const returnTo = queryString(ctx, 'returnTo');
  let allowed: readonly string[] = config.webUrls;
  if (clientId) {
    const client = await provider.Client.find(clientId);
    if (!client) {
      signOutFailed(ctx, `Unknown application "${clientId}".`);
      return;
    }
    allowed = client.postLogoutRedirectUris ?? [];
  }
  if (returnTo && !isAllowedReturnTo(returnTo, allowed)) {
    signOutFailed(ctx, `The returnTo URL "${returnTo}" is not an allowed logout URL for this application.`);
    return;
  }

  // End the idp session (Auth0 semantics: no confirmation page, refresh tokens stay valid).
  const session = await provider.Session.get(ctx);
  if (session.accountId) await session.destroy();
  ctx.cookies.set(provider.cookieName('session'), null);

  const destination = returnTo ?? (clientId ? allowed[0] : undefined);
  if (destination) {
    ctx.status = 302;
    ctx.redirect(destination);
    return;
  }
  sendHtml(
    ctx,
    200,
    messagePage({
      title: 'Signed out',
      heading: 'You are signed out',
      message: 'You have signed out of Paddock.',
      link: { href: config.appUrl, label: 'Back to Paddock' },
    }),
  );
}

function userinfoError(ctx: Context, status: 401 | 403, error: string, description: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('WWW-Authenticate', `Bearer realm="${ctx.origin}", error="${error}", error_description="${description}"`);
  ctx.body = { error, error_description: description };
}

/** Userinfo for the JWT access tokens of the API audience; opaque tokens go on to oidc-provider. */
async function userinfo(ctx: Context, next: Next, { config, users, verifyAccessToken }: CompatDeps): Promise<void> {
  if (applyCors(ctx, config.webOrigins, 'GET, POST, OPTIONS')) return;
  const token = bearerToken(ctx.get('Authorization'));
  if (ctx.method === 'OPTIONS' || !token || !looksLikeJwt(token)) {
    await next();
    return;
  }
  let verified;
  try {
    verified = await verifyAccessToken(token);
  } catch {
    userinfoError(ctx, 401, 'invalid_token', 'invalid token provided');
    return;
  }
  if (!verified.scopes.includes('openid')) {
    userinfoError(ctx, 403, 'insufficient_scope', 'access token missing openid scope');
    return;
  }
  const user = users.findBySub(verified.sub);
  if (!user) {
    userinfoError(ctx, 401, 'invalid_token', 'the account of this token no longer exists');
    return;
  }
  const claims = userClaims(user, config.issuer);
  const scopes = new Set(verified.scopes);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = {
    sub: claims.sub,
    ...(scopes.has('profile') ? { nickname: claims.nickname, name: claims.name, picture: claims.picture } : {}),
    ...(scopes.has('email') ? { email: claims.email, email_verified: claims.email_verified } : {}),
  };
}

export function auth0CompatRoutes(deps: CompatDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path === '/v2/logout' && ctx.method === 'GET') {
      await logout(ctx, deps);
      return;
    }
    if (ctx.path === '/userinfo') {
      await userinfo(ctx, next, deps);
      return;
    }
    await next();
  };
}
