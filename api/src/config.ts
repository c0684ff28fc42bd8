import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './db';
import type { IdentityAdminConfig } from './identity';
import type { ImagerySourceConfig } from './imagery/source-config';

/** Everything the api reads from its environment, resolved once at start. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  auth: {
    /** Expected `iss` of access tokens, exactly as the idp writes it (with the trailing slash). */
    issuer: string;
    /** Expected `aud` of access tokens. */
    audience: string;
    jwksUrl: string;
  };
  /** The identity provider's administration (deleting a person's identity with their account). */
  identityAdmin: IdentityAdminConfig;
  corsOrigins: string[];
  /** Verified e-mails whose tokens may use the development admin routes (lower-cased). */
  adminEmails: string[];
  supportEmail: string;
  /** The identity-provider subject of the demo user, seeded on start. */
  demoSub: string;
  version: string;
  imagery: {
    source: ImagerySourceConfig;
    /** Worker threads for raster work (reads, statistics, tiles); unset = one per core. */
    workerThreads?: number;
    /** Bound of the in-memory cache of rendered tiles, in bytes. */
    tileCacheBytes: number;
  };
}

export const DEFAULT_ISSUER = 'http://localhost:4400/';
export const DEFAULT_AUDIENCE = 'https://api.paddock.example';
export const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().optional(),
  AUTH_ISSUER: z.url().default(DEFAULT_ISSUER),
  AUTH_AUDIENCE: z.string().min(1).default(DEFAULT_AUDIENCE),
  AUTH_JWKS_URL: z.url().optional(),
  CORS_ORIGINS: z.string().optional(),
  ADMIN_EMAILS: z.string().optional(),
  SUPPORT_EMAIL: z.email().default('support@paddock.example'),
  DEMO_SUB: z.string().min(1).default('auth0|demo'),
  IMAGERY_SOURCE: z.enum(['simulated', 'sentinel2']).default('simulated'),
  STAC_API_URL: z.url().optional(),
  STAC_COLLECTION: z.string().min(1).default('sentinel-2-l2a'),
  IMAGERY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  IMAGERY_TILE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  IDENTITY_ADMIN: z.enum(['auth0', 'none']).default('auth0'),
  IDENTITY_ADMIN_DOMAIN: z.url().optional(),
  IDENTITY_ADMIN_CLIENT_ID: z.string().min(1).default('paddock-admin-cli'),
  IDENTITY_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_CLIENT_SECRET: z.string().min(1).default('paddock-dev-admin-secret'),
  IDENTITY_ADMIN_AUDIENCE: z.string().min(1).optional(),
});

export class ConfigError extends Error {}

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** The api package's own version (health answer, OpenAPI). */
export function readVersion(apiRoot: string): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * Reads the configuration from environment variables.
 * @param apiRoot the api workspace folder; the default data folder is `<repo>/.data/api/pglite`.
 */
export function loadConfig(env: NodeJS.ProcessEnv, apiRoot: string): Config {
  // Empty strings count as "not set" (e.g. `DATABASE_URL=` in a .env file).
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid api configuration: ${problems}`);
  }
  const e = parsed.data;
  const issuer = e.AUTH_ISSUER;
  const repoRoot = path.resolve(apiRoot, '..');
  const database: DatabaseConfig = e.DATABASE_URL
    ? { kind: 'postgres', url: e.DATABASE_URL }
    : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot, '.data', 'api', 'pglite')) };
  const corsOrigins = list(e.CORS_ORIGINS);
  if (e.IMAGERY_SOURCE === 'sentinel2' && !e.STAC_API_URL) {
    throw new ConfigError(
      'Invalid api configuration: IMAGERY_SOURCE=sentinel2 needs STAC_API_URL (e.g. https://earth-search.aws.element84.com/v1)',
    );
  }
  const adminDomain = withSlash(e.IDENTITY_ADMIN_DOMAIN ?? issuer);
  return {
    port: e.PORT,
    host: e.HOST,
    database,
    auth: {
      issuer,
      audience: e.AUTH_AUDIENCE,
      jwksUrl:
        e.AUTH_JWKS_URL ?? new URL('.well-known/jwks.json', issuer.endsWith('/') ? issuer : `${issuer}/`).toString(),
    },
    identityAdmin:
      e.IDENTITY_ADMIN === 'none'
        ? { kind: 'none' }
        : {
            kind: 'auth0',
            domain: adminDomain,
            clientId: e.IDENTITY_ADMIN_CLIENT_ID,
            clientSecret: e.IDENTITY_ADMIN_CLIENT_SECRET ?? e.ADMIN_CLIENT_SECRET,
            audience: e.IDENTITY_ADMIN_AUDIENCE ?? `${adminDomain}api/v2/`,
          },
    corsOrigins: corsOrigins.length > 0 ? corsOrigins : DEFAULT_CORS_ORIGINS,
    adminEmails: list(e.ADMIN_EMAILS).map((email) => email.toLowerCase()),
    supportEmail: e.SUPPORT_EMAIL,
    demoSub: e.DEMO_SUB,
    version: readVersion(apiRoot),
    imagery: {
      source:
        e.IMAGERY_SOURCE === 'sentinel2'
          ? { kind: 'sentinel2', stacApiUrl: e.STAC_API_URL as string, collection: e.STAC_COLLECTION }
          : { kind: 'simulated' },
      workerThreads: e.IMAGERY_WORKERS,
      tileCacheBytes: Math.round(e.IMAGERY_TILE_CACHE_MB * 1024 * 1024),
    },
  };
}
