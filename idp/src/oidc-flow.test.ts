// The Auth0-compatible OIDC surface as @auth0/auth0-spa-js and the API use it.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import {
  API_AUDIENCE,
  APP,
  CookieJar,
  DEMO,
  exchangeCode,
  follow,
  formAction,
  login,
  authorizeUrl,
  postForm,
  signInAndGetTokens,
  startTestIdp,
  tokenRequest,
  type TestIdp,
} from './test-utils';

jest.setTimeout(30_000);

let idp: TestIdp;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  idp = await startTestIdp();
  jwks = createRemoteJWKSet(new URL(`${idp.url}/.well-known/jwks.json`));
});

afterAll(async () => {
  await idp.dispose();
});

describe('discovery', () => {
  it('publishes the issuer with a trailing slash and the Auth0 routes', async () => {
    const response = await fetch(`${idp.url}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc.issuer).toBe(`${idp.url}/`);
    expect(doc.authorization_endpoint).toBe(`${idp.url}/authorize`);
    expect(doc.token_endpoint).toBe(`${idp.url}/oauth/token`);
    expect(doc.userinfo_endpoint).toBe(`${idp.url}/userinfo`);
    expect(doc.jwks_uri).toBe(`${idp.url}/.well-known/jwks.json`);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']));
  });

  it('serves an RSA signing key as JWKS, and a health check', async () => {
    const keys = (await (await fetch(`${idp.url}/.well-known/jwks.json`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
    expect(keys.keys[0]).not.toHaveProperty('d');
    const health = await fetch(`${idp.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});

describe('authorization code + PKCE', () => {
  it('signs the demo user in and issues RS256 JWTs for the API audience', async () => {
    const jar = new CookieJar();
    const request = authorizeUrl(idp);
    const page = await follow(jar, request.url);
    expect(page.url).toMatch(/\/interaction\/[\w-]+$/);
    const html = await page.response.text();
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign in<\/button>/);
    expect(html).toMatch(/<a href="[^"]+">Sign up<\/a>/);

    const done = await postForm(jar, formAction(html, page.url), DEMO);
    expect(done.appUrl?.origin + (done.appUrl?.pathname ?? '')).toBe(APP);
    expect(done.appUrl?.searchParams.get('state')).toBe(request.state);
    const code = done.appUrl?.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokens = await exchangeCode(idp, { code: code ?? '', state: request.state, request });
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeGreaterThan(0);

    expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
    const { payload: access } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${idp.url}/`,
      audience: API_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(access).toMatchObject({
      sub: 'auth0|demo',
      client_id: 'paddock-web',
      email: 'demo@paddock.example',
      email_verified: true,
    });
    expect(access.aud).toBe(API_AUDIENCE);
    expect(typeof access.exp).toBe('number');
    expect(typeof access.iat).toBe('number');
    expect(String(access.scope).split(' ')).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    );

    expect(tokens.id_token).toBeTruthy();
    expect(decodeProtectedHeader(tokens.id_token ?? '').alg).toBe('RS256');
    const { payload: id } = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: `${idp.url}/`,
      audience: 'paddock-web',
    });
    expect(id).toMatchObject({
      sub: 'auth0|demo',
      nonce: request.nonce,
      email: 'demo@paddock.example',
      email_verified: true,
      nickname: 'demo',
      name: 'demo@paddock.example',
    });
    expect(String(id.picture)).toMatch(new RegExp(`^${idp.url}/avatars/`));
    const avatar = await fetch(String(id.picture));
    expect(avatar.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('shows the error, keeps the e-mail and issues no code on a wrong password', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, authorizeUrl(idp).url);
    const html = await page.response.text();
    const result = await postForm(jar, formAction(html, page.url), {
      email: 'demo@paddock.example',
      password: 'wrong-password',
    });
    expect(result.appUrl).toBeUndefined();
    expect(result.response.status).toBe(401);
    const body = await result.response.text();
    expect(body).toContain('Wrong email or password.');
    expect(body).toContain('value="demo@paddock.example"');
    expect(body).not.toContain('code=');
  });

  it('escapes what the user typed', async () => {
    const jar = new CookieJar();
    const page = await follow(jar, authorizeUrl(idp).url);
    const html = await page.response.text();
    const result = await postForm(jar, formAction(html, page.url), {
      email: '"><script>alert(1)</script>',
      password: 'x',
    });
    const body = await result.response.text();
    expect(body).not.toContain('<script>alert(1)</script>');
    expect(body).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('refuses a code exchange with the wrong PKCE verifier', async () => {
    const result = await login(idp, new CookieJar(), DEMO);
    const response = await tokenRequest(idp, {
      client_id: 'paddock-web',
      code_verifier: 'x'.repeat(43),
      grant_type: 'authorization_code',
      code: result.code,
      redirect_uri: APP,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('skips the form when the idp session is still signed in (SSO)', async () => {
    const jar = new CookieJar();
    await login(idp, jar, DEMO);
    const again = await follow(jar, authorizeUrl(idp).url);
    expect(again.appUrl?.searchParams.get('code')).toBeTruthy();
  });

  it('answers CORS for the web origins on the token endpoint', async () => {
    const preflight = await fetch(`${idp.url}/oauth/token`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,auth0-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const result = await login(idp, new CookieJar(), DEMO);
    const fromApp = await tokenRequest(
      idp,
      {
        client_id: 'paddock-web',
        code_verifier: result.request.verifier,
        grant_type: 'authorization_code',
        code: result.code,
        redirect_uri: APP,
      },
      { origin: 'http://localhost:3000' },
    );
    expect(fromApp.status).toBe(200);
    expect(fromApp.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');

    const other = await login(idp, new CookieJar(), DEMO);
    const fromElsewhere = await tokenRequest(
      idp,
      {
        client_id: 'paddock-web',
        code_verifier: other.request.verifier,
        grant_type: 'authorization_code',
        code: other.code,
        redirect_uri: APP,
      },
      { origin: 'http://evil.example' },
    );
    expect(fromElsewhere.status).toBe(400);
    expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('also accepts form-encoded token requests with `audience`', async () => {
    const result = await login(idp, new CookieJar(), DEMO);
    const response = await tokenRequest(
      idp,
      {
        client_id: 'paddock-web',
        code_verifier: result.request.verifier,
        grant_type: 'authorization_code',
        code: result.code,
        redirect_uri: APP,
        audience: API_AUDIENCE,
      },
      { form: true },
    );
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string };
    const { payload } = await jwtVerify(tokens.access_token, jwks, { audience: API_AUDIENCE });
    expect(payload.sub).toBe('auth0|demo');
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and returns a new JWT access token for the API', async () => {
    const first = await signInAndGetTokens(idp, DEMO);
    const response = await tokenRequest(
      idp,
      {
        client_id: 'paddock-web',
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token ?? '',
        redirect_uri: APP,
      },
      { origin: 'http://localhost:3000' },
    );
    expect(response.status).toBe(200);
    const refreshed = (await response.json()) as { access_token: string; refresh_token: string; id_token: string };
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.id_token).toBeTruthy();
    const { payload } = await jwtVerify(refreshed.access_token, jwks, {
      issuer: `${idp.url}/`,
      audience: API_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ sub: 'auth0|demo', email: 'demo@paddock.example', email_verified: true });

    // The old refresh token is spent (rotation with reuse detection).
    const reuse = await tokenRequest(idp, {
      client_id: 'paddock-web',
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('revokes a refresh token (JSON body, as auth0-spa-js revokeRefreshToken sends it)', async () => {
    const tokens = await signInAndGetTokens(idp, DEMO);
    const revoked = await fetch(`${idp.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ client_id: 'paddock-web', token: tokens.refresh_token, token_type_hint: 'refresh_token' }),
    });
    expect(revoked.status).toBe(200);
    const refresh = await tokenRequest(idp, {
      client_id: 'paddock-web',
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refresh.status).toBe(400);
  });

  it('issues refresh tokens for prompt=login too (as Auth0 does)', async () => {
    const jar = new CookieJar();
    const result = await login(idp, jar, DEMO, { extra: { prompt: 'login' } });
    const tokens = await exchangeCode(idp, result);
    expect(tokens.refresh_token).toBeTruthy();
  });
});

describe('userinfo', () => {
  it('returns the profile claims for the API access token', async () => {
    const tokens = await signInAndGetTokens(idp, DEMO);
    const response = await fetch(`${idp.url}/userinfo`, {
      headers: { authorization: `Bearer ${tokens.access_token}`, origin: 'http://localhost:3001' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
    const claims = (await response.json()) as Record<string, unknown>;
    expect(claims).toEqual({
      sub: 'auth0|demo',
      email: 'demo@paddock.example',
      email_verified: true,
      nickname: 'demo',
      name: 'demo@paddock.example',
      picture: `${idp.url}/avatars/auth0%7Cdemo.svg`,
    });
  });

  it('refuses a missing or forged token', async () => {
    expect((await fetch(`${idp.url}/userinfo`)).status).toBe(401);
    const tokens = await signInAndGetTokens(idp, DEMO);
    const [header, payload] = tokens.access_token.split('.');
    const forged = await fetch(`${idp.url}/userinfo`, {
      headers: { authorization: `Bearer ${header}.${payload}.AAAA` },
    });
    expect(forged.status).toBe(401);
  });
});

describe('/v2/logout', () => {
  it('ends the idp session and redirects to an allowed returnTo', async () => {
    const jar = new CookieJar();
    await login(idp, jar, DEMO);
    const response = await fetch(
      `${idp.url}/v2/logout?client_id=paddock-web&returnTo=${encodeURIComponent('http://localhost:3000')}&auth0Client=abc`,
      {
        headers: { cookie: jar.header() },
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://localhost:3000/');
    jar.store(response);
    // Signed out: the next /authorize shows the sign-in form again instead of returning a code.
    const next = await follow(jar, authorizeUrl(idp).url);
    expect(next.appUrl).toBeUndefined();
    expect(await next.response.text()).toContain('Sign in');
  });

  it('accepts auth0-spa-js `clientId` and refuses an unknown returnTo', async () => {
    const ok = await fetch(
      `${idp.url}/v2/logout?clientId=paddock-web&returnTo=${encodeURIComponent('http://localhost:3004/')}`,
      { redirect: 'manual' },
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('http://localhost:3004/');

    const refused = await fetch(
      `${idp.url}/v2/logout?client_id=paddock-web&returnTo=${encodeURIComponent('https://evil.example/')}`,
      { redirect: 'manual' },
    );
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain('not an allowed logout URL');
  });
});

describe('paddock-admin-cli', () => {
  it('gets a client_credentials token with scope paddock:admin (JSON body, Auth0 style)', async () => {
    const response = await tokenRequest(idp, {
      grant_type: 'client_credentials',
      client_id: 'paddock-admin-cli',
      client_secret: 'paddock-dev-admin-secret',
      audience: API_AUDIENCE,
    });
    expect(response.status).toBe(200);
    const tokens = (await response.json()) as { access_token: string; scope: string };
    expect(tokens.scope).toBe('paddock:admin');
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: `${idp.url}/`,
      audience: API_AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ sub: 'paddock-admin-cli', client_id: 'paddock-admin-cli', scope: 'paddock:admin' });
    expect(payload).not.toHaveProperty('email');
  });

  it('accepts HTTP Basic client authentication and refuses a wrong secret', async () => {
    const basic = (secret: string) => `Basic ${Buffer.from(`paddock-admin-cli:${secret}`).toString('base64')}`;
    const ok = await tokenRequest(
      idp,
      { grant_type: 'client_credentials' },
      { form: true, headers: { authorization: basic('paddock-dev-admin-secret') } },
    );
    expect(ok.status).toBe(200);
    const bad = await tokenRequest(
      idp,
      { grant_type: 'client_credentials' },
      { form: true, headers: { authorization: basic('nope') } },
    );
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('cannot use the authorization code flow, and the web client cannot use client_credentials', async () => {
    const web = await tokenRequest(idp, { grant_type: 'client_credentials', client_id: 'paddock-web' });
    expect(web.status).toBe(400);
    expect(await web.json()).toMatchObject({
      error_description: 'requested grant type is not allowed for this client',
    });

    const jar = new CookieJar();
    const authorize = await follow(jar, authorizeUrl(idp, { client_id: 'paddock-admin-cli' }).url);
    expect(authorize.appUrl).toBeUndefined();
    expect(authorize.response.status).toBe(400);
    expect(await authorize.response.text()).toContain('Something went wrong');
  });
});
