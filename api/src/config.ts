import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DatabaseConfig } from './db';
import type { IdentityAdminConfig } from './identity';
import type { ImagerySourceConfig } from './imagery/source-config';
import type { WeatherSourceConfig } from './weather/source-config';
import { SILO_DEFAULT_URL } from './weather/silo';
import { OPEN_METEO_DEFAULT_ARCHIVE_URL, OPEN_METEO_DEFAULT_FORECAST_URL } from './weather/open-meteo';
import { BasemapConfigError, configuredBasemap, type BasemapConfig } from './basemap/config';
import { GEOCODER_POLICY, type PlaceSearchConfig } from './places/search';
import type { StorageConfig } from './storage/storage-config';
import { MailerError, smtpConfigFromUrl, type MailerConfig } from './email/mailer';
import {
  DEVELOPMENT_INVITATION_SECRET,
  developmentDefaultsInProduction,
  isProduction,
  productionRefusal,
} from './production';
import type { PaymentProviderConfig } from './payments/provider-config';
import { TEST_PROVIDER_DEFAULTS } from './payments/test-provider';

/** Everything the api reads from its environment, resolved once at start. */
export interface Config {
  /** `NODE_ENV=production`: development defaults were refused at start (see production.ts). */
  production: boolean;
  /** `PADDOCK_LIVE=1`: real imagery, base map and place search (`livePreset`) unless set one by one. */
  live: boolean;
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
  jobs: {
    /** Jobs one process runs at once (JOBS_CONCURRENCY); 0 = this process only enqueues. */
    concurrency: number;
    /** How often an idle runner looks for due jobs (JOBS_POLL_MS); a NOTIFY wakes it sooner. */
    pollMs: number;
  };
  /** Uploads one account may convert per minute, across every api process (CONVERT_UPLOADS_PER_MINUTE). */
  convertUploadsPerMinute: number;
  /** Where export files live: a local folder (STORAGE=local, EXPORTS_DIR) or S3 (STORAGE=s3, S3_*). */
  storage: StorageConfig;
  imagery: {
    source: ImagerySourceConfig;
    /** Worker threads for raster work (reads, statistics, tiles); unset = one per core. */
    workerThreads?: number;
    /** Bound of the in-memory cache of rendered tiles, in bytes. */
    tileCacheBytes: number;
  };
  /** Daily weather per farm location: the embedded simulated source, SILO or Open-Meteo (WEATHER_SOURCE). */
  weather: {
    source: WeatherSourceConfig;
    /** A cell fetched longer ago than this is refreshed by a job (WEATHER_MAX_AGE_MINUTES). */
    maxAgeMs: number;
  };
  payments: {
    provider: PaymentProviderConfig;
    /** The API's address as browsers reach it (the test provider's authentication page lives under it). */
    publicApiUrl: string;
    /** Deliver the test provider's webhooks over HTTP to this URL; unset = to this process's own route. */
    webhookUrl?: string;
  };
  /** Base maps under the fields: the embedded true-colour one, and BASEMAP_URL's when set. */
  basemap: BasemapConfig;
  /** Place search: the shipped gazetteer, or GEOCODER_URL's geocoder. */
  places: PlaceSearchConfig;
  /** What the api sends by e-mail (farm invitations) and how: the dev mailbox, or SMTP. */
  email: {
    transport: MailerConfig;
    /** The web app's address as users reach it (links in e-mails): APP_URL. */
    appUrl: string;
    /** Signs invitation tokens (INVITATION_SECRET). */
    invitationSecret: string;
    /** How long an invitation (and its link) stays valid. */
    invitationTtlMs: number;
    /** Signs the digest e-mails' unsubscribe links (UNSUBSCRIBE_SECRET, else INVITATION_SECRET). */
    unsubscribeSecret: string;
  };
  /** Change alerts (issue 30): how often the scan for new clear captures runs. */
  alerts: { scanIntervalMs: number };
  /** Zoning price per hectare in cents, GST included (spec 2 §9; `GET v2/zoning/price`). */
  hectareCostCents: number;
  /** Imagery orders: the seller printed on tax documents, its bank, and the simulated fulfilment. */
  orders: OrdersConfig;
  zoning: {
    /** A zoning request still computing after this long is stopped and answered 422. */
    timeBudgetMs: number;
    /** Pixels one zoning request may cover (all its fields at the chosen resolution); more is a 422. */
    maxPixels: number;
  };
}

export interface OrdersConfig {
  seller: { name: string; abn: string; address: string; email: string };
  bank: { bankName: string; accountName: string; bsb: string; accountNumber: string };
  /** SIMULATED_FULFILMENT=on: paid orders move to processing, then done, by themselves (demos). */
  simulatedFulfilment: boolean;
  /** The wait before each simulated step (FULFILMENT_STEP_MS). */
  fulfilmentStepMs: number;
}

export const DEFAULT_ISSUER = 'http://localhost:4400/';
export const DEFAULT_AUDIENCE = 'https://api.paddock.example';
export const DEFAULT_CORS_ORIGINS = [3000, 3001, 3002, 3003, 3004].map((port) => `http://localhost:${port}`);

/**
 * `PADDOCK_LIVE=1` (what `npm start -- --live` sets): real data instead of the offline defaults, each
 * variable of the preset still overridable on its own. `api/live-preset.json` (read by scripts/start.mjs
 * too, for the page's image origins): Sentinel-2 L2A from Earth Search's public STAC API (no key), the
 * EOX Sentinel-2 cloudless mosaic (2016 edition, CC BY 4.0) as base map, and OpenStreetMap's Nominatim
 * for place search, used within its policy (see GeocoderFinder).
 */
export function livePreset(apiRoot: string): Record<string, string> {
  return z
    .record(z.string(), z.string())
    .parse(JSON.parse(readFileSync(path.join(apiRoot, 'live-preset.json'), 'utf8')));
}

/** The services of the live preset, by the variable prefixes they read, and the variables that choose each. */
const LIVE_SERVICES = [
  { prefixes: ['IMAGERY_SOURCE', 'STAC_'], chosenBy: ['IMAGERY_SOURCE', 'STAC_API_URL'] },
  { prefixes: ['BASEMAP_'], chosenBy: ['BASEMAP_URL'] },
  { prefixes: ['GEOCODER_'], chosenBy: ['GEOCODER_URL'] },
];

/**
 * The preset's variables for the services the environment does not choose itself: setting
 * `GEOCODER_URL` replaces the whole live geocoder (its attribution too), not just its address.
 */
function livePresetFor(given: Record<string, string | undefined>, apiRoot: string): Record<string, string> {
  const chosen = LIVE_SERVICES.filter((service) => service.chosenBy.some((name) => given[name] !== undefined));
  return Object.fromEntries(
    Object.entries(livePreset(apiRoot)).filter(
      ([name]) => !chosen.some((service) => service.prefixes.some((prefix) => name.startsWith(prefix))),
    ),
  );
}

const isOn = (value: string | undefined) => ['1', 'true', 'on', 'yes'].includes((value ?? '').trim().toLowerCase());

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
  WEATHER_SOURCE: z.enum(['embedded', 'silo', 'open-meteo']).default('embedded'),
  SILO_URL: z.url().default(SILO_DEFAULT_URL),
  /** SILO asks for the caller's e-mail address as its API key. */
  SILO_USERNAME: z.email().optional(),
  OPEN_METEO_ARCHIVE_URL: z.url().default(OPEN_METEO_DEFAULT_ARCHIVE_URL),
  OPEN_METEO_FORECAST_URL: z.url().default(OPEN_METEO_DEFAULT_FORECAST_URL),
  WEATHER_MAX_AGE_MINUTES: z.coerce.number().min(1).max(10_080).default(360),
  IMAGERY_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  IMAGERY_TILE_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(2),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  CONVERT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  STORAGE: z.enum(['local', 's3']).default('local'),
  EXPORTS_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).default('false'),
  NODE_ENV: z.string().optional(),
  PAYMENTS_PROVIDER: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_...)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_...)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  PUBLIC_API_URL: z.url().optional(),
  PAYMENTS_WEBHOOK_URL: z.url().optional(),
  ZONING_HECTARE_COST_CENTS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  IDENTITY_ADMIN: z.enum(['auth0', 'none']).default('auth0'),
  IDENTITY_ADMIN_DOMAIN: z.url().optional(),
  IDENTITY_ADMIN_CLIENT_ID: z.string().min(1).default('paddock-admin-cli'),
  IDENTITY_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
  ADMIN_CLIENT_SECRET: z.string().min(1).default('paddock-dev-admin-secret'),
  IDENTITY_ADMIN_AUDIENCE: z.string().min(1).optional(),
  SELLER_NAME: z.string().trim().min(1).default('Paddock Agtech Pty Ltd'),
  // The ATO's published example ABN: a development default only.
  SELLER_ABN: z
    .string()
    .trim()
    .regex(/^\d{2} ?\d{3} ?\d{3} ?\d{3}$/, 'must be an ABN (11 digits)')
    .default('51 824 753 556'),
  SELLER_ADDRESS: z.string().trim().min(1).default('Level 2, 10 Paddock Lane; Wagga Wagga NSW 2650; Australia'),
  SELLER_EMAIL: z.email().optional(),
  BANK_NAME: z.string().trim().min(1).default('Commonwealth Bank of Australia'),
  BANK_ACCOUNT_NAME: z.string().trim().min(1).default('Paddock Agtech Pty Ltd'),
  BANK_BSB: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{3}$/, 'must be a BSB (6 digits)')
    .default('062-000'),
  BANK_ACCOUNT_NUMBER: z.string().trim().min(1).default('1234 5678'),
  SIMULATED_FULFILMENT: z.enum(['on', 'off', 'true', 'false', '1', '0']).default('off'),
  FULFILMENT_STEP_MS: z.coerce.number().int().min(0).max(86_400_000).default(15_000),
  ZONING_TIME_BUDGET_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  ZONING_MAX_PIXELS: z.coerce.number().int().min(1_000).max(100_000_000).default(4_000_000),
  BASEMAP_URL: z.string().optional(),
  BASEMAP_ATTRIBUTION: z.string().optional(),
  BASEMAP_NAME: z.string().optional(),
  BASEMAP_MAX_ZOOM: z.coerce.number().int().min(1).max(24).optional(),
  GEOCODER_URL: z.url().optional(),
  EMAIL_TRANSPORT: z.enum(['dev-mailbox', 'smtp']).optional(),
  SMTP_URL: z.string().optional(),
  EMAIL_FROM: z.string().default('Paddock <no-reply@paddock.example>'),
  APP_URL: z.url().default('http://localhost:3000'),
  INVITATION_SECRET: z.string().min(16).default(DEVELOPMENT_INVITATION_SECRET),
  INVITATION_TTL_DAYS: z.coerce.number().min(0.0001).max(90).default(14),
  UNSUBSCRIBE_SECRET: z.string().min(16).optional(),
  ALERTS_SCAN_MINUTES: z.coerce.number().min(0.01).max(10_080).default(60),
  GEOCODER_ATTRIBUTION: z.string().optional(),
  /** Sent to the geocoder; defaults to `Paddock/<version> (<SUPPORT_EMAIL>)`. */
  GEOCODER_USER_AGENT: z.string().trim().min(3).optional(),
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(GEOCODER_POLICY.minIntervalMs),
  PADDOCK_LIVE: z.enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no']).default('0'),
});

type Env = z.infer<typeof envSchema>;

/** STORAGE and its variables: the local folder by default, S3 when asked with what it needs. */
function storageConfig(e: Env, repoRoot: string): StorageConfig {
  if (e.STORAGE === 'local') {
    return { kind: 'local', dir: path.resolve(e.EXPORTS_DIR ?? path.join(repoRoot, '.data', 'api', 'exports')) };
  }
  const missing = (['S3_BUCKET', 'S3_REGION'] as const).filter((name) => !e[name]);
  if (missing.length) throw new ConfigError(`Invalid api configuration: STORAGE=s3 needs ${missing.join(' and ')}`);
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid api configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the AWS SDK then finds credentials itself)',
    );
  }
  return {
    kind: 's3',
    endpoint: e.S3_ENDPOINT,
    bucket: e.S3_BUCKET as string,
    region: e.S3_REGION as string,
    ...(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } }
      : {}),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}

/** `51824753556` → `51 824 753 556`. */
const formatAbn = (abn: string): string => {
  const digits = abn.replace(/\s/g, '');
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
};

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
  const given = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const cleaned = isOn(given.PADDOCK_LIVE) ? { ...livePresetFor(given, apiRoot), ...given } : given;
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid api configuration: ${problems}`);
  }
  const defaults = developmentDefaultsInProduction(cleaned);
  if (defaults.length) throw new ConfigError(productionRefusal('The api', defaults));
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
  if (e.WEATHER_SOURCE === 'silo' && !e.SILO_USERNAME) {
    throw new ConfigError(
      'Invalid api configuration: WEATHER_SOURCE=silo needs SILO_USERNAME (the e-mail address SILO knows you by)',
    );
  }
  const weatherSource: WeatherSourceConfig =
    e.WEATHER_SOURCE === 'silo'
      ? { kind: 'silo', url: e.SILO_URL, username: e.SILO_USERNAME as string }
      : e.WEATHER_SOURCE === 'open-meteo'
        ? { kind: 'open-meteo', archiveUrl: e.OPEN_METEO_ARCHIVE_URL, forecastUrl: e.OPEN_METEO_FORECAST_URL }
        : { kind: 'embedded' };
  const paymentsKind = e.PAYMENTS_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'test');
  let provider: PaymentProviderConfig;
  if (paymentsKind === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(`Invalid api configuration: the Stripe payment provider needs ${missing.join(', ')}`);
    }
    provider = {
      kind: 'stripe',
      secretKey: e.STRIPE_SECRET_KEY as string,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
      ...(e.STRIPE_API_URL ? { apiUrl: e.STRIPE_API_URL } : {}),
    };
  } else {
    provider = { kind: 'test', ...TEST_PROVIDER_DEFAULTS };
  }
  let basemap: BasemapConfig = { configured: null };
  if (e.BASEMAP_URL) {
    try {
      basemap = {
        configured: configuredBasemap({
          url: e.BASEMAP_URL,
          attribution: e.BASEMAP_ATTRIBUTION,
          name: e.BASEMAP_NAME,
          maxZoom: e.BASEMAP_MAX_ZOOM,
        }),
      };
    } catch (error) {
      if (error instanceof BasemapConfigError) throw new ConfigError(`Invalid api configuration: ${error.message}`);
      throw error;
    }
  }
  const version = readVersion(apiRoot);
  const places: PlaceSearchConfig = e.GEOCODER_URL
    ? {
        kind: 'geocoder',
        url: e.GEOCODER_URL,
        attribution: e.GEOCODER_ATTRIBUTION?.trim() || `Places: ${new URL(e.GEOCODER_URL).host}`,
        userAgent: e.GEOCODER_USER_AGENT ?? `Paddock/${version} (${e.SUPPORT_EMAIL})`,
        minIntervalMs: e.GEOCODER_MIN_INTERVAL_MS,
        cacheTtlMs: GEOCODER_POLICY.cacheTtlMs,
      }
    : { kind: 'gazetteer' };
  const adminDomain = withSlash(e.IDENTITY_ADMIN_DOMAIN ?? issuer);
  let transport: MailerConfig = { kind: 'dev-mailbox', from: e.EMAIL_FROM };
  if ((e.EMAIL_TRANSPORT ?? (e.SMTP_URL ? 'smtp' : 'dev-mailbox')) === 'smtp') {
    if (!e.SMTP_URL) throw new ConfigError('Invalid api configuration: EMAIL_TRANSPORT=smtp needs SMTP_URL');
    try {
      transport = smtpConfigFromUrl(e.SMTP_URL, e.EMAIL_FROM);
    } catch (error) {
      if (error instanceof MailerError || error instanceof TypeError)
        throw new ConfigError(`Invalid api configuration: ${error.message}`);
      throw error;
    }
  }
  return {
    production: isProduction(cleaned),
    live: isOn(e.PADDOCK_LIVE),
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
    version,
    jobs: { concurrency: e.JOBS_CONCURRENCY, pollMs: e.JOBS_POLL_MS },
    convertUploadsPerMinute: e.CONVERT_UPLOADS_PER_MINUTE,
    storage: storageConfig(e, repoRoot),
    imagery: {
      source:
        e.IMAGERY_SOURCE === 'sentinel2'
          ? { kind: 'sentinel2', stacApiUrl: e.STAC_API_URL as string, collection: e.STAC_COLLECTION }
          : { kind: 'simulated' },
      workerThreads: e.IMAGERY_WORKERS,
      tileCacheBytes: Math.round(e.IMAGERY_TILE_CACHE_MB * 1024 * 1024),
    },
    weather: { source: weatherSource, maxAgeMs: Math.round(e.WEATHER_MAX_AGE_MINUTES * 60_000) },
    payments: {
      provider,
      publicApiUrl: (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
      ...(e.PAYMENTS_WEBHOOK_URL ? { webhookUrl: e.PAYMENTS_WEBHOOK_URL } : {}),
    },
    basemap,
    places,
    email: {
      transport,
      appUrl: e.APP_URL.replace(/\/$/, ''),
      invitationSecret: e.INVITATION_SECRET,
      invitationTtlMs: Math.round(e.INVITATION_TTL_DAYS * 86_400_000),
      unsubscribeSecret: e.UNSUBSCRIBE_SECRET ?? e.INVITATION_SECRET,
    },
    alerts: { scanIntervalMs: Math.round(e.ALERTS_SCAN_MINUTES * 60_000) },
    hectareCostCents: e.ZONING_HECTARE_COST_CENTS,
    orders: {
      seller: {
        name: e.SELLER_NAME,
        abn: formatAbn(e.SELLER_ABN),
        address: e.SELLER_ADDRESS,
        email: e.SELLER_EMAIL ?? e.SUPPORT_EMAIL,
      },
      bank: {
        bankName: e.BANK_NAME,
        accountName: e.BANK_ACCOUNT_NAME,
        bsb: e.BANK_BSB.includes('-') ? e.BANK_BSB : `${e.BANK_BSB.slice(0, 3)}-${e.BANK_BSB.slice(3)}`,
        accountNumber: e.BANK_ACCOUNT_NUMBER,
      },
      simulatedFulfilment: ['on', 'true', '1'].includes(e.SIMULATED_FULFILMENT),
      fulfilmentStepMs: e.FULFILMENT_STEP_MS,
    },
    zoning: { timeBudgetMs: e.ZONING_TIME_BUDGET_MS, maxPixels: e.ZONING_MAX_PIXELS },
  };
}
