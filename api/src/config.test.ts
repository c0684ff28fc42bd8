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

  it('refuses nonsense with a clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, apiRoot)).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' }, apiRoot)).toThrow(/PORT/);
  });
});
