import path from 'node:path';
import { openDatabase } from './db';
import { availableBackends, newUser, startTestApp, type TestContext } from './test/harness';
import { createTestDatabase } from './test/backends';
import { buildApp } from './app';

describe.each(availableBackends())('api basics on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['/health', '/v2/health'])('GET %s answers the health contract without a token', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: kind, version: t.config.version });
    expect(t.config.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('sends nosniff, a data-only Content-Security-Policy and no framing on every answer', async () => {
    const answers = [
      await t.request({ method: 'GET', url: '/health' }),
      await t.request({ method: 'GET', url: '/v2/farms' }),
      await t.request({ method: 'GET', url: '/v2/farms', token: await t.token() }),
      await t.request({ method: 'GET', url: '/nope' }),
    ];
    for (const response of answers) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it('answers unknown routes with a 404 detail, with or without a token', async () => {
    for (const url of ['/nope', '/v2/nope', '/v2/accounts/nope']) {
      const anonymous = await t.request({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(404);
      expect(anonymous.json()).toEqual({ detail: 'Not Found' });
    }
    const signedIn = await t.request({ method: 'POST', url: '/v2/farms/xyz', token: await t.token() });
    expect(signedIn.statusCode).toBe(404);
    expect(signedIn.json()).toEqual({ detail: 'Not Found' });
  });

  describe('bearer token', () => {
    const expect401 = async (headers: Record<string, string>, detail: string | RegExp) => {
      const response = await t.request({ method: 'GET', url: '/v2/accounts/profile', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
      const body = response.json<{ detail: string }>();
      expect(Object.keys(body)).toEqual(['detail']);
      if (typeof detail === 'string') expect(body.detail).toBe(detail);
      else expect(body.detail).toMatch(detail);
    };

    it('is required', async () => {
      await expect401({}, 'Not authenticated');
    });

    it('must be a Bearer header', async () => {
      await expect401({ authorization: 'Basic dXNlcjpwYXNz' }, /Bearer/);
    });

    it('must be a JWT', async () => {
      await expect401({ authorization: 'Bearer not-a-jwt' }, 'Token is malformed');
    });

    it('must not be expired', async () => {
      const token = await t.token(newUser(), { expiresIn: -60 });
      await expect401({ authorization: `Bearer ${token}` }, 'Token has expired');
    });

    it('must be signed by a key of the JWKS', async () => {
      const token = await t.token(newUser(), { rogue: true });
      await expect401({ authorization: `Bearer ${token}` }, 'Token signature is not valid');
    });

    it('must be for this API (audience)', async () => {
      const token = await t.token(newUser(), { audience: 'https://other.example' });
      await expect401({ authorization: `Bearer ${token}` }, 'Token audience is not accepted');
    });

    it('must come from the configured issuer', async () => {
      const token = await t.token(newUser(), { issuer: 'http://localhost:4401/' });
      await expect401({ authorization: `Bearer ${token}` }, 'Token issuer is not accepted');
    });

    it('is checked before the body is read (no 422 for anonymous callers)', async () => {
      const response = await t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        headers: { 'content-type': 'application/json' },
        payload: '{not json',
      });
      expect(response.statusCode).toBe(401);
    });

    it('lets a valid token through', async () => {
      const response = await t.request({ method: 'GET', url: '/v2/accounts/profile', token: await t.token() });
      expect(response.statusCode).toBe(200);
    });
  });

  it('answers malformed JSON with a 422 detail list', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token: await t.token(),
      headers: { 'content-type': 'application/json' },
      payload: '{"data": {"first_name": "Ann"',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'The request body is not valid JSON', type: 'json_invalid' }],
    });
  });

  it('answers an unsupported content type with a detail, not a 500', async () => {
    const response = await t.request({
      method: 'PATCH',
      url: '/v2/accounts/profile',
      token: await t.token(),
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(typeof response.json<{ detail: unknown }>().detail).toBe('string');
  });

  it('serves the OpenAPI description generated from the zod schemas, and the docs page', async () => {
    const response = await t.request({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{
      paths: Record<string, Record<string, { security?: unknown; requestBody?: unknown }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/health',
        '/v2/health',
        '/v2/accounts/profile',
        '/v2/accounts/contact_details',
        '/v2/admin/accounts/{email}',
      ]),
    );
    expect(doc.paths['/v2/accounts/profile']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/v2/health']?.get?.security).toBeUndefined();
    expect(JSON.stringify(doc.paths['/v2/accounts/profile']?.patch?.requestBody)).toContain('terms_accepted_version');
    const docs = await t.request({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
  });

  it('allows the front-end origins (CORS) and no others', async () => {
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/v2/accounts/profile',
      headers: {
        origin: 'http://localhost:3004',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3004');
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');

    const foreign = await t.request({ method: 'GET', url: '/health', headers: { origin: 'http://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe.each(availableBackends())('unexpected failures on %s', (kind) => {
  it('answer 500 "Something went wrong" (and health 503) without leaking details', async () => {
    const { startAuthServer } = await import('./test/auth-server');
    const auth = await startAuthServer();
    const testDb = await createTestDatabase(kind);
    const database = await openDatabase(testDb.config);
    const { loadConfig } = await import('./config');
    const config = {
      ...loadConfig({ AUTH_JWKS_URL: auth.jwksUrl }, path.resolve(__dirname, '..')),
      database: testDb.config,
    };
    const app = await buildApp({ config, database });
    try {
      await database.close(); // the database goes away under the running app
      const token = await auth.sign(newUser());
      const response = await app.inject({
        method: 'GET',
        url: '/v2/accounts/profile',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ detail: 'Something went wrong' });
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ detail: 'Database unavailable' });
    } finally {
      await app.close();
      await auth.close();
      await testDb.drop();
    }
  });
});
