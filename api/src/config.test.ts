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
    });
    expect(DEFAULT_CORS_ORIGINS).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
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
    expect(() => loadConfig({ NODE_ENV: 'production' }, root)).toThrow(/test payment provider is for development only/);
    expect(loadConfig({ NODE_ENV: 'production', ...stripeKeys }, root).payments.provider.kind).toBe('stripe');
  });
});
