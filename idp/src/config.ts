// Settings of the local identity provider: defaults, environment parsing and the fixed client contract.
import type { ThrottleSettings } from './throttle';

/** The single-page web app (host + remotes): a public client using authorization code + PKCE. */
export const WEB_CLIENT_ID = 'paddock-web';
/** Machine-to-machine client for admin scripts: client_credentials only. */
export const ADMIN_CLIENT_ID = 'paddock-admin-cli';
/** Scope carried by the admin client's access tokens. */
export const ADMIN_SCOPE = 'paddock:admin';
/** Scopes of the Auth0 Management API subset the idp serves (audience `<issuer>api/v2/`). */
export const MANAGEMENT_SCOPES = ['read:users', 'delete:users', 'update:users'] as const;
/** The Management API's audience for an issuer, as Auth0 names it. */
export const managementAudience = (issuer: string) => `${issuer}api/v2/`;
/** Scopes a user token for the API may carry (Auth0 puts the OIDC scopes into API tokens too). */
export const USER_API_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;

export const DEFAULT_PORT = 4400;
export const DEFAULT_API_AUDIENCE = 'https://api.paddock.example';
export const DEFAULT_ADMIN_CLIENT_SECRET = 'paddock-dev-admin-secret';
export const DEFAULT_WEB_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

/** Options accepted by `startIdp`. Everything but the data folder has a development default. */
export interface StartIdpOptions {
  /** TCP port; 0 picks a free one (tests). */
  port: number;
  /** Folder for users, keys, sessions and the dev mailbox. Created when missing. */
  dataDir: string;
  /** Interface to bind; by default every interface (so both 127.0.0.1 and ::1 answer for "localhost"). */
  host?: string;
  /** Issuer identifier; defaults to `http://localhost:<port>/`. Must end with "/" (auth0-spa-js expects it). */
  issuer?: string;
  /** Origins of the web apps: allowed redirect, logout and CORS origins of `paddock-web`. */
  webOrigins?: readonly string[];
  /** Audience (resource indicator) of the Paddock API. */
  apiAudience?: string;
  /** Secret of the `paddock-admin-cli` client. */
  adminClientSecret?: string;
  /** Where to write log lines (listening address, verification links); console.log by default. */
  log?: (line: string) => void;
  /**
   * `NODE_ENV=production`: the development conveniences are off (no dev mailbox pages, no demo user
   * with its published password) and a default admin client secret refuses to start.
   */
  production?: boolean;
  /** Brute-force protection of the sign-in form (limits, lock time, delays); defaults in `throttle.ts`. */
  signInThrottle?: Partial<ThrottleSettings>;
}

/** The fully resolved configuration every module works from. */
export interface IdpConfig {
  issuer: string;
  dataDir: string;
  apiAudience: string;
  adminClientSecret: string;
  /** Web origins without trailing slash, e.g. `http://localhost:3000`. */
  webOrigins: string[];
  /** Every web origin with and without trailing slash: allowed redirect_uri / returnTo values. */
  webUrls: string[];
  /** Home page of the web app (first web origin + "/"): the "Back to Paddock" links. */
  appUrl: string;
  log: (line: string) => void;
  production: boolean;
  signInThrottle: Partial<ThrottleSettings>;
}

/** Turns "a, b/" into normalised origins ("scheme://host:port"); throws on anything that is not an http(s) origin. */
export function parseOrigins(value: string | readonly string[]): string[] {
  const items = typeof value === 'string' ? value.split(',') : [...value];
  const origins = items
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const url = URL.parse(item);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        throw new Error(`WEB_ORIGINS: "${item}" is not an http(s) origin`);
      }
      return url.origin;
    });
  return [...new Set(origins)];
}

/**
 * Checks and normalises the issuer. It must be a bare origin plus "/": the idp serves its routes
 * at the root, and auth0-spa-js compares the ID token's `iss` with `<domain>/`.
 */
export function normaliseIssuer(issuer: string): string {
  const url = URL.parse(issuer);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`ISSUER: "${issuer}" is not an http(s) URL`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`ISSUER: "${issuer}" must be an origin followed by "/" (e.g. http://localhost:4400/)`);
  }
  return `${url.origin}/`;
}

/** Thrown when a production start still has a development default; the message names each. */
export class ProductionDefaultsError extends Error {}

export function resolveConfig(options: StartIdpOptions, port: number): IdpConfig {
  if (options.production) {
    const problems: string[] = [];
    if ((options.adminClientSecret ?? DEFAULT_ADMIN_CLIENT_SECRET) === DEFAULT_ADMIN_CLIENT_SECRET) {
      problems.push(
        `ADMIN_CLIENT_SECRET is not set or is the published development secret "${DEFAULT_ADMIN_CLIENT_SECRET}"`,
      );
    }
    if (!options.issuer)
      problems.push('ISSUER is not set, so the issuer would be the development http://localhost address');
    if (problems.length) {
      throw new ProductionDefaultsError(
        [
          'The idp refuses to start in production (NODE_ENV=production) with development defaults:',
          ...problems.map((problem) => `  - ${problem}`),
          'Set these variables (see idp/README.md), or unset NODE_ENV for development.',
        ].join('\n'),
      );
    }
  }
  const webOrigins = parseOrigins(options.webOrigins ?? DEFAULT_WEB_ORIGINS);
  const [firstOrigin] = webOrigins;
  if (!firstOrigin) throw new Error('WEB_ORIGINS: at least one web origin is needed');
  return {
    issuer: normaliseIssuer(options.issuer ?? `http://localhost:${port}/`),
    dataDir: options.dataDir,
    apiAudience: options.apiAudience ?? DEFAULT_API_AUDIENCE,
    adminClientSecret: options.adminClientSecret ?? DEFAULT_ADMIN_CLIENT_SECRET,
    webOrigins,
    webUrls: webOrigins.flatMap((origin) => [`${origin}/`, origin]),
    appUrl: `${firstOrigin}/`,
    log: options.log ?? ((line) => console.log(line)),
    production: options.production ?? false,
    signInThrottle: options.signInThrottle ?? {},
  };
}

/** Reads the documented environment variables (see README). Empty values count as unset. */
export function optionsFromEnv(env: NodeJS.ProcessEnv, defaultDataDir: string): StartIdpOptions {
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw ? raw : undefined;
  };
  const portText = value('PORT');
  const port = portText === undefined ? DEFAULT_PORT : Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT: "${portText}" is not a port number`);
  }
  const webOrigins = value('WEB_ORIGINS');
  return {
    port,
    host: value('HOST'),
    dataDir: value('DATA_DIR') ?? defaultDataDir,
    issuer: value('ISSUER'),
    webOrigins: webOrigins === undefined ? undefined : parseOrigins(webOrigins),
    apiAudience: value('API_AUDIENCE'),
    adminClientSecret: value('ADMIN_CLIENT_SECRET'),
    production: value('NODE_ENV') === 'production',
  };
}
