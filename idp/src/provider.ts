// The oidc-provider instance: clients, Auth0-style routes, JWT access tokens for the API audience,
// first-party auto-consent and the account lookup.
import Provider, {
  errors,
  interactionPolicy,
  type Client,
  type Configuration,
  type KoaContextWithOIDC,
  type ResourceServer,
} from 'oidc-provider';
import type { OidcStore } from './adapter';
import {
  ADMIN_CLIENT_ID,
  ADMIN_SCOPE,
  MANAGEMENT_SCOPES,
  managementAudience,
  USER_API_SCOPES,
  WEB_CLIENT_ID,
  type IdpConfig,
} from './config';
import { html } from './html';
import { logoutConfirmPage, messagePage } from './pages';
import type { IdpSecrets } from './secrets';
import { userClaims, type UserStore } from './users';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;
/** Auth0's default "maximum lifetime" of a rotating refresh token. */
const REFRESH_TOKEN_LIFETIME = 30 * DAY;

export interface ProviderDeps {
  config: IdpConfig;
  secrets: IdpSecrets;
  users: UserStore;
  store: OidcStore;
}

/**
 * Our clients are all first-party: the idp never asks for consent. Whatever the authorization
 * request asks for (OIDC scopes, claims, API scopes) is granted on the user's behalf.
 */
async function loadOrGrantEverything(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const { client, session, account } = oidc;
  if (!client || !session || !account) return undefined;
  const grantId = oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  let grant = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
  if (grant && grant.accountId !== account.accountId) grant = undefined;
  grant ??= new oidc.provider.Grant({ clientId: client.clientId, accountId: account.accountId });

  const requestedOidc = [...oidc.requestParamOIDCScopes];
  if (requestedOidc.length) grant.addOIDCScope(requestedOidc);
  const requestedClaims = [...oidc.requestParamClaims];
  if (requestedClaims.length) grant.addOIDCClaims(requestedClaims);
  for (const [indicator, resourceServer] of Object.entries(oidc.resourceServers ?? {})) {
    const scopes = [...oidc.requestParamScopes].filter((scope) => resourceServer.scopes.has(scope));
    if (scopes.length) grant.addResourceScope(indicator, scopes);
  }
  await grant.save();
  return grant;
}

export function createProvider({ config, secrets, users, store }: ProviderDeps): Provider {
  // First-party clients never see a consent screen. auth0-compat adds prompt=consent to requests
  // for offline_access (oidc-provider otherwise drops that scope, per OIDC Core 11); without its
  // "consent_prompt" check, asking for consent no longer forces an interaction by itself.
  const policy = interactionPolicy.base();
  policy.get('consent')?.checks.remove('consent_prompt');

  const resourceServerFor = (client: Client): ResourceServer => {
    const isAdmin = client.clientId === ADMIN_CLIENT_ID;
    return {
      scope: isAdmin ? ADMIN_SCOPE : USER_API_SCOPES.join(' '),
      audience: config.apiAudience,
      // RS256 JWTs the API can verify offline against the JWKS (Auth0's format for API tokens).
      accessTokenFormat: 'jwt',
      // Auth0 defaults: 2 h for tokens requested from browsers, 24 h for machine-to-machine ones.
      accessTokenTTL: isAdmin ? DAY : 2 * HOUR,
      jwt: { sign: { alg: 'RS256' } },
    };
  };

  const configuration: Configuration = {
    adapter: (name: string) => store.adapterFor(name),
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: WEB_CLIENT_ID,
        client_name: 'Paddock',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: config.webUrls,
        post_logout_redirect_uris: config.webUrls,
      },
      {
        client_id: ADMIN_CLIENT_ID,
        client_name: 'Paddock admin CLI',
        client_secret: config.adminClientSecret,
        // Auth0 machine-to-machine apps post their secret; Basic auth is mapped to this in auth0-compat.
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
      },
    ],
    // Auth0's endpoint paths, so @auth0/auth0-spa-js works unchanged with `domain` = this idp.
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      userinfo: '/userinfo',
      jwks: '/.well-known/jwks.json',
      revocation: '/oauth/revoke',
      end_session: '/oidc/logout',
      pushed_authorization_request: '/oauth/par',
    },
    // `screen_hint=signup` opens the sign-up form (Auth0 Universal Login behaviour).
    extraParams: ['screen_hint'],
    // Authorization code only (what auth0-spa-js uses); no implicit or hybrid flows.
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      acr: null,
      auth_time: null,
      iss: null,
      sid: null,
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'nickname', 'picture'],
    },
    // Auth0 ID tokens carry the profile claims even in the code flow.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = logoutConfirmPage(form);
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({
            title: 'Signed out',
            heading: 'You are signed out',
            message: 'You have signed out of Paddock.',
            link: { href: config.appUrl, label: 'Back to Paddock' },
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        // Auth0's `audience` is mapped to `resource` (auth0-compat); without one, the API is the
        // audience anyway, so every user access token is a JWT the API accepts.
        defaultResource: (_ctx, _client, oneOf) => {
          if (oneOf) return oneOf.includes(config.apiAudience) ? config.apiAudience : oneOf[0];
          return config.apiAudience;
        },
        // Refresh-token and code exchanges without `resource` get a token for the granted API.
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator, client) => {
          // The Management API subset (deleting users) is for the admin client only, as in Auth0.
          if (indicator === managementAudience(config.issuer) && client.clientId === ADMIN_CLIENT_ID) {
            return {
              scope: MANAGEMENT_SCOPES.join(' '),
              audience: indicator,
              accessTokenFormat: 'jwt',
              accessTokenTTL: DAY,
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          if (indicator !== config.apiAudience) throw new errors.InvalidTarget(`unknown audience "${indicator}"`);
          return resourceServerFor(client);
        },
      },
    },
    loadExistingGrant: loadOrGrantEverything,
    findAccount: (_ctx, sub) => {
      if (!users.findBySub(sub)) return undefined;
      return {
        accountId: sub,
        // Read at claim time, so a verification done meanwhile shows in the next token.
        claims: () => {
          const user = users.findBySub(sub);
          if (!user) throw new Error(`account ${sub} disappeared`);
          return { ...userClaims(user, config.issuer) };
        },
      };
    },
    // The API relies on these two claims in the access token (Auth0 puts them there via an Action).
    extraTokenClaims: (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = typeof accountId === 'string' ? users.findBySub(accountId) : undefined;
      return user ? { email: user.email, email_verified: user.emailVerified } : undefined;
    },
    issueRefreshToken: (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') && code.scopes.has('offline_access'),
    // Every refresh returns a new refresh token and retires the old one (Auth0 rotation).
    rotateRefreshToken: true,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? HOUR,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? HOUR,
      AuthorizationCode: 60,
      IdToken: 10 * HOUR,
      Interaction: HOUR,
      Session: 14 * DAY,
      Grant: REFRESH_TOKEN_LIFETIME,
      // Rotation keeps the absolute lifetime counted from the first token of the chain.
      RefreshToken: (_ctx, token) => {
        const now = Math.floor(Date.now() / 1000);
        const start = typeof token.iiat === 'number' ? token.iiat : now;
        return Math.max(1, start + REFRESH_TOKEN_LIFETIME - now);
      },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    clientBasedCORS: (_ctx, origin, client) => client.clientId === WEB_CLIENT_ID && config.webOrigins.includes(origin),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'Something went wrong',
        heading: 'Something went wrong',
        message: out.error_description ?? out.error,
        tone: 'error',
        extra: html`<p class="hint">Error code: ${out.error}</p>`,
        link: { href: config.appUrl, label: 'Back to Paddock' },
      });
    },
  };

  return new Provider(config.issuer, configuration);
}
