import { SignJWT } from 'jose';
import { HttpError } from '../errors';
import { startAuthServer, TEST_AUDIENCE, TEST_ISSUER, type TestAuthServer } from '../test/auth-server';
import { bearerToken, createTokenVerifier, type TokenVerifier } from './jwt';

describe('token verification', () => {
  let auth: TestAuthServer;
  let verify: TokenVerifier;
  beforeAll(async () => {
    auth = await startAuthServer();
    verify = createTokenVerifier({ issuer: TEST_ISSUER, audience: TEST_AUDIENCE, jwksUrl: auth.jwksUrl });
  });
  afterAll(async () => {
    await auth?.close();
  });

  const rejection = async (token: string): Promise<HttpError> => {
    try {
      await verify(token);
    } catch (error) {
      if (error instanceof HttpError) return error;
      throw error;
    }
    throw new Error('token was accepted');
  };

  it('remembers a verified token only until it expires', async () => {
    const token = await auth.sign({ sub: 'auth0|cached' }, { expiresIn: 60 });
    await expect(verify(token)).resolves.toMatchObject({ sub: 'auth0|cached' });
    // Only the clock moves; timers and I/O stay real.
    jest.useFakeTimers({
      doNotFake: [
        'nextTick',
        'setImmediate',
        'setTimeout',
        'setInterval',
        'clearTimeout',
        'clearInterval',
        'queueMicrotask',
      ],
    });
    try {
      jest.setSystemTime(Date.now() + 120_000);
      expect((await rejection(token)).detail).toBe('Token has expired');
    } finally {
      jest.useRealTimers();
    }
  });

  it('accepts a good token and reads the caller from it', async () => {
    const issuedAt = Math.floor(Date.now() / 1000) - 30;
    const token = await auth.sign(
      {
        sub: 'auth0|1',
        email: 'a@example.com',
        email_verified: true,
        scope: 'openid paddock:admin',
        client_id: 'spa',
      },
      { issuedAt },
    );
    await expect(verify(token)).resolves.toEqual({
      sub: 'auth0|1',
      email: 'a@example.com',
      emailVerified: true,
      scopes: ['openid', 'paddock:admin'],
      clientId: 'spa',
      issuedAt,
    });
    // Keys are cached: a second token does not fetch the JWKS again.
    const before = auth.requests;
    await verify(await auth.sign({ sub: 'auth0|2' }));
    expect(auth.requests).toBe(before);
  });

  it.each([
    ['expired', () => auth.sign({ sub: 'x' }, { expiresIn: -5 }), 'Token has expired'],
    ['signed by another key', () => auth.sign({ sub: 'x' }, { rogue: true }), 'Token signature is not valid'],
    [
      'for another audience',
      () => auth.sign({ sub: 'x' }, { audience: 'https://elsewhere.example' }),
      'Token audience is not accepted',
    ],
    [
      'from another issuer',
      () => auth.sign({ sub: 'x' }, { issuer: 'http://localhost:4400' }),
      'Token issuer is not accepted',
    ],
    ['without a subject', () => auth.sign({}), 'Token is missing or has an invalid "sub" claim'],
    ['not a JWT', async () => 'abc.def', 'Token is malformed'],
    [
      'signed with HS256',
      () =>
        new SignJWT({ sub: 'x' })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(TEST_ISSUER)
          .setAudience(TEST_AUDIENCE)
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('x'.repeat(32))),
      'Token signing algorithm is not accepted',
    ],
  ])('refuses a token %s with 401', async (_name, make, detail) => {
    const error = await rejection(await make());
    expect(error.statusCode).toBe(401);
    expect(error.detail).toBe(detail);
    expect(error.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token"/);
    expect(error.headers['www-authenticate']).not.toContain('"sub"');
  });

  it('answers 503, not 401, when the keys cannot be fetched', async () => {
    const offline = createTokenVerifier({
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      jwksUrl: 'http://127.0.0.1:9/.well-known/jwks.json',
    });
    let caught: unknown;
    try {
      await offline(await auth.sign({ sub: 'x' }));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).statusCode).toBe(503);
  });

  it('reads the bearer header', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer   abc')).toBe('abc');
    expect(() => bearerToken(undefined)).toThrow('Not authenticated');
    expect(() => bearerToken('Basic abc')).toThrow(HttpError);
    expect(() => bearerToken('Bearer a b')).toThrow(HttpError);
  });
});
