import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, DEFAULT_CORS_ORIGINS, loadConfig } from './config';

const apiRoot = path.resolve(__dirname, '..');

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, apiRoot);
    expect(config).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      database: { kind: 'pglite', dataDir: path.resolve(apiRoot, '..', '.data', 'api', 'pglite') },
      auth: {
        issuer: 'http://localhost:4400/',
        audience: 'https://api.paddock.example',
        jwksUrl: 'http://localhost:4400/.well-known/jwks.json',
      },
      corsOrigins: DEFAULT_CORS_ORIGINS,
      adminEmails: [],
      supportEmail: 'support@paddock.example',
      demoSub: 'auth0|demo',
      version: (JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { version: string }).version,
      storage: { kind: 'local', dir: path.resolve(apiRoot, '..', '.data', 'api', 'exports') },
    });
    expect(DEFAULT_CORS_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
  });

  it('deletes identities through the Management API of the issuer by default, or not at all', () => {
    expect(loadConfig({}, apiRoot).identityAdmin).toEqual({
      kind: 'auth0',
      domain: 'http://localhost:4400/',
      clientId: 'paddock-admin-cli',
      clientSecret: 'paddock-dev-admin-secret',
      audience: 'http://localhost:4400/api/v2/',
    });
    expect(
      loadConfig({ AUTH_ISSUER: 'https://paddock.au.auth0.com/', IDENTITY_ADMIN_CLIENT_SECRET: 's3cret' }, apiRoot)
        .identityAdmin,
    ).toMatchObject({
      domain: 'https://paddock.au.auth0.com/',
      clientSecret: 's3cret',
      audience: 'https://paddock.au.auth0.com/api/v2/',
    });
    expect(loadConfig({ IDENTITY_ADMIN: 'none' }, apiRoot).identityAdmin).toEqual({ kind: 'none' });
  });

  it('reads the environment', () => {
    const config = loadConfig(
      {
        PORT: '4100',
        DATABASE_URL: 'postgres://u@db:5432/paddock',
        AUTH_ISSUER: 'https://tenant.auth0.com/',
        ADMIN_EMAILS: ' Boss@Example.com ,ops@example.com,',
        CORS_ORIGINS: 'https://app.example',
        DATA_DIR: '',
      },
      apiRoot,
    );
    expect(config.port).toBe(4100);
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db:5432/paddock' });
    expect(config.auth.jwksUrl).toBe('https://tenant.auth0.com/.well-known/jwks.json');
    expect(config.adminEmails).toEqual(['boss@example.com', 'ops@example.com']);
    expect(config.corsOrigins).toEqual(['https://app.example']);
  });

  it('reads the export storage: a local folder, or S3 with what it needs', () => {
    expect(loadConfig({ EXPORTS_DIR: '/srv/exports' }, apiRoot).storage).toEqual({
      kind: 'local',
      dir: '/srv/exports',
    });
    expect(
      loadConfig(
        {
          STORAGE: 's3',
          S3_ENDPOINT: 'http://minio:9000',
          S3_BUCKET: 'paddock-exports',
          S3_REGION: 'ap-southeast-2',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: 'true',
        },
        apiRoot,
      ).storage,
    ).toEqual({
      kind: 's3',
      endpoint: 'http://minio:9000',
      bucket: 'paddock-exports',
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // On AWS with an instance role: no endpoint, no keys.
    expect(loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-exports', S3_REGION: 'ap-southeast-2' }, apiRoot).storage).toEqual(
      {
        kind: 's3',
        endpoint: undefined,
        bucket: 'b-exports',
        region: 'ap-southeast-2',
        forcePathStyle: false,
      },
    );
    expect(() => loadConfig({ STORAGE: 's3' }, apiRoot)).toThrow('STORAGE=s3 needs S3_BUCKET and S3_REGION');
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b-exports', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'key' }, apiRoot),
    ).toThrow(/both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ STORAGE: 'ftp' }, apiRoot)).toThrow(/STORAGE/);
  });

  it('refuses development defaults in production, naming each', () => {
    const attempt = (env: NodeJS.ProcessEnv) => () => loadConfig({ NODE_ENV: 'production', ...env }, apiRoot);
    expect(attempt({})).toThrow(ConfigError);
    expect(attempt({ ADMIN_CLIENT_SECRET: 'paddock-dev-admin-secret' })).toThrow(
      /refuses to start in production[\s\S]*DATABASE_URL is not set[\s\S]*AUTH_ISSUER is not set[\s\S]*ADMIN_CLIENT_SECRET is the published development secret/,
    );
    const productionEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/paddock',
      AUTH_ISSUER: 'https://paddock.au.auth0.com/',
      STRIPE_SECRET_KEY: 'sk_live_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_123',
      SELLER_ABN: '12 345 678 901',
      BANK_BSB: '083-004',
      BANK_ACCOUNT_NUMBER: '987654321',
      SMTP_URL: 'smtp://relay.example:587',
      INVITATION_SECRET: 'a-production-invitation-secret',
    };
    // Tax documents print the seller's ABN and bank account: no placeholders in production.
    const { SELLER_ABN: _abn, BANK_ACCOUNT_NUMBER: _account, ...placeholders } = productionEnv;
    expect(() => loadConfig({ ...placeholders, IDENTITY_ADMIN_CLIENT_SECRET: 'm2m-secret' }, apiRoot)).toThrow(
      /SELLER_ABN is not set[\s\S]*BANK_ACCOUNT_NUMBER is not set/,
    );
    // Deleting an account deletes its identity through the Management API: its secret must be a real one.
    expect(() => loadConfig(productionEnv, apiRoot)).toThrow(/IDENTITY_ADMIN_CLIENT_SECRET is not set/);
    const ready = loadConfig({ ...productionEnv, IDENTITY_ADMIN_CLIENT_SECRET: 'm2m-secret' }, apiRoot);
    expect(ready).toMatchObject({ production: true, database: { kind: 'postgres' } });
    expect(loadConfig({ ...productionEnv, IDENTITY_ADMIN: 'none' }, apiRoot).production).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }, apiRoot).production).toBe(false);
  });

  it('sends e-mail through the dev mailbox by default and SMTP when SMTP_URL says where; production needs SMTP', () => {
    expect(loadConfig({}, apiRoot).email).toMatchObject({
      transport: { kind: 'dev-mailbox' },
      appUrl: 'http://localhost:3000',
      invitationTtlMs: 14 * 86_400_000,
    });
    expect(
      loadConfig({ SMTP_URL: 'smtps://mailer:p%40ss@relay.example', APP_URL: 'https://app.paddock.example/' }, apiRoot)
        .email,
    ).toMatchObject({
      transport: { kind: 'smtp', host: 'relay.example', port: 465, secure: true, user: 'mailer', password: 'p@ss' },
      appUrl: 'https://app.paddock.example',
    });
    expect(() => loadConfig({ EMAIL_TRANSPORT: 'smtp' }, apiRoot)).toThrow(/EMAIL_TRANSPORT=smtp needs SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://relay.example' }, apiRoot)).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ NODE_ENV: 'production' }, apiRoot)).toThrow(
      /SMTP_URL is not set, so e-mails \(farm invitations\) would only reach the development mailbox[\s\S]*INVITATION_SECRET is not set/,
    );
  });

  it('is offline by default, and live in one switch (PADDOCK_LIVE=1) whose parts can each be set apart', () => {
    const offline = loadConfig({}, apiRoot);
    expect(offline).toMatchObject({
      live: false,
      imagery: { source: { kind: 'simulated' } },
      basemap: { configured: null },
      places: { kind: 'gazetteer' },
    });
    const live = loadConfig({ PADDOCK_LIVE: '1', SUPPORT_EMAIL: 'help@farm.example' }, apiRoot);
    expect(live).toMatchObject({
      live: true,
      imagery: {
        source: {
          kind: 'sentinel2',
          stacApiUrl: 'https://earth-search.aws.element84.com/v1',
          collection: 'sentinel-2-l2a',
        },
      },
      basemap: {
        configured: {
          kind: 'xyz',
          url: 'https://tiles.maps.eox.at/wmts/1.0.0/s2cloudless_3857/default/g/{z}/{y}/{x}.jpg',
          attribution: expect.stringContaining('EOX IT Services GmbH') as string,
        },
      },
      places: {
        kind: 'geocoder',
        url: 'https://nominatim.openstreetmap.org/',
        attribution: expect.stringContaining('OpenStreetMap contributors') as string,
        userAgent: expect.stringMatching(/^Paddock\/\S+ \(help@farm\.example\)$/) as string,
        minIntervalMs: 1100,
      },
    });
    const mixed = loadConfig(
      { PADDOCK_LIVE: 'true', IMAGERY_SOURCE: 'simulated', GEOCODER_URL: 'https://geo.example/' },
      apiRoot,
    );
    expect(mixed.imagery.source.kind).toBe('simulated');
    // Setting a service's address replaces the preset's service, attribution included.
    expect(mixed.places).toMatchObject({
      kind: 'geocoder',
      url: 'https://geo.example/',
      attribution: 'Places: geo.example',
    });
    expect(mixed.basemap.configured?.url).toContain('tiles.maps.eox.at');
    expect(loadConfig({ PADDOCK_LIVE: '0' }, apiRoot).imagery.source.kind).toBe('simulated');
    // Tuning a service is not choosing another one.
    const tuned = loadConfig({ PADDOCK_LIVE: '1', IMAGERY_WORKERS: '2', GEOCODER_MIN_INTERVAL_MS: '2000' }, apiRoot);
    expect(tuned.imagery.source.kind).toBe('sentinel2');
    expect(tuned.places).toMatchObject({ kind: 'geocoder', minIntervalMs: 2000 });
  });

  it('refuses nonsense with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, apiRoot)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' }, apiRoot)).toThrow(/PORT/);
  });
});

describe('payments configuration', () => {
  const root = apiRoot;
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: 'whsec_123',
  };

  it('defaults to the embedded test provider, the api on localhost and 100 cents per hectare', () => {
    const config = loadConfig({ PORT: '4100' }, root);
    expect(config.payments.provider.kind).toBe('test');
    expect(config.payments.publicApiUrl).toBe('http://localhost:4100');
    expect(config.hectareCostCents).toBe(100);
  });

  it('switches to Stripe when its keys are set', () => {
    const config = loadConfig({ ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:9999' }, root);
    expect(config.payments.provider).toEqual({
      kind: 'stripe',
      secretKey: 'sk_test_123',
      publishableKey: 'pk_test_123',
      webhookSecret: 'whsec_123',
      apiUrl: 'http://127.0.0.1:9999',
    });
  });

  it('names the missing Stripe setting', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1' }, root)).toThrow(
      'the Stripe payment provider needs STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET',
    );
    expect(() => loadConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'secret' }, root)).toThrow(ConfigError);
  });

  it('refuses the test provider in production and says what to set', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/paddock',
      AUTH_ISSUER: 'https://paddock.au.auth0.com/',
      IDENTITY_ADMIN_CLIENT_SECRET: 'm2m-secret',
      SELLER_ABN: '12 345 678 901',
      BANK_BSB: '083-004',
      BANK_ACCOUNT_NUMBER: '987654321',
      SMTP_URL: 'smtp://relay.example:587',
      INVITATION_SECRET: 'a-production-invitation-secret',
    };
    expect(() => loadConfig(production, root)).toThrow(
      /STRIPE_SECRET_KEY is not set[\s\S]*test payment provider is for development only/,
    );
    expect(() => loadConfig({ ...production, ...stripeKeys, PAYMENTS_PROVIDER: 'test' }, root)).toThrow(
      /test payment provider is for development only/,
    );
    expect(loadConfig({ ...production, ...stripeKeys }, root).payments.provider.kind).toBe('stripe');
  });
});
