import { STATUS_CODES } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { openDatabase } from './db';
import { availableBackends, newUser, startTestApp, type TestContext } from './test/harness';
import { createTestDatabase } from './test/backends';
import { buildApp } from './app';

/** Sends raw bytes to the server and collects the whole answer (the server closes the socket). */
function rawRequest(port: number, raw: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

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

  it("lets the test provider's authentication page post its form and return to the product, nothing else", async () => {
    const page = await t.request({ method: 'GET', url: '/test-provider/authenticate/pi_unknown' });
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toMatch(/form-action 'self' [^;]*http:\/\/localhost:3000/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("default-src 'none'");
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

  it('answers a large body (parsed in slices) exactly as a small one: malformed, or with a __proto__ key', async () => {
    const token = await t.token();
    const patch = (payload: string) =>
      t.request({
        method: 'PATCH',
        url: '/v2/accounts/profile',
        token,
        headers: { 'content-type': 'application/json' },
        payload,
      });
    const filler = JSON.stringify(Array.from({ length: 120_000 }, (_, i) => i)); // about 0.8 MB: over the 512 kB slicing threshold
    const malformed = await patch(`{"data": {"first_name": "Ann"}, "filler": ${filler.slice(0, -1)},]}`);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      detail: [{ loc: ['body'], msg: 'The request body is not valid JSON', type: 'json_invalid' }],
    });
    const poisoned = (padding: string) =>
      `{"data": {"first_name": "Ann"}, "filler": ${padding}, "x": {"__proto__": {"admin": true}}}`;
    const small = await patch(poisoned('[]'));
    const large = await patch(poisoned(filler));
    expect(small.statusCode).toBeGreaterThanOrEqual(400);
    expect({ status: large.statusCode, body: large.json() as unknown }).toEqual({
      status: small.statusCode,
      body: small.json() as unknown,
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

  describe("the framework's own refusals have the {detail} shape and never echo the address", () => {
    const longTail = 'a'.repeat(5000);
    const cases: { name: string; status: number; request: () => Promise<LightMyRequestResponse> }[] = [
      {
        name: 'malformed percent-escape in a path',
        status: 400,
        request: () => t.request({ method: 'GET', url: '/v2/farms/%E0%A4%A' }),
      },
      {
        name: 'lone % in a path (signed in)',
        status: 400,
        request: async () => t.request({ method: 'GET', url: '/v2/fields/%zz', token: await t.token() }),
      },
      {
        name: 'a 5,000-character path parameter',
        status: 414,
        request: async () => t.request({ method: 'GET', url: `/v2/farms/${longTail}`, token: await t.token() }),
      },
      {
        name: 'a 5,000-character unknown path',
        status: 404,
        request: () => t.request({ method: 'GET', url: `/v2/${longTail}` }),
      },
      {
        name: 'a body over the limit',
        status: 413,
        request: async () =>
          t.request({
            method: 'POST',
            url: '/v2/farms',
            token: await t.token(),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ data: { farm_name: longTail.repeat(300) } }),
          }),
      },
      {
        name: 'an unsupported content type',
        status: 415,
        request: async () =>
          t.request({
            method: 'POST',
            url: '/v2/farms',
            token: await t.token(),
            headers: { 'content-type': `text/${longTail}` },
            payload: 'x',
          }),
      },
    ];
    it.each(cases)('$name → $status', async ({ status, request }) => {
      const response = await request();
      expect(response.statusCode).toBe(status);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['detail']);
      expect(typeof body.detail).toBe('string');
      expect(response.body).not.toContain('aaaaaaaaaa');
      expect(response.body).not.toMatch(/%E0|%zz/);
    });

    it('answers HTTP-level errors (unparseable requests, huge headers) with a detail too', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = new URL(address);
        for (const [raw, status] of [
          ['GET /v2/farms HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n', 400],
          [`GET /v2/${'b'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
        ] as const) {
          const answer = await rawRequest(Number(port), raw);
          expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_CODES[status]}`);
          const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
          expect(Object.keys(body)).toEqual(['detail']);
          expect(answer).not.toContain('bbbbbbbbbb');
        }
      } finally {
        await t.restart();
      }
    });
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
