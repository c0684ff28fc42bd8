// Auth0 Management API subset for the api: DELETE /api/v2/users/{id} with the admin client's
// client-credentials token for the Management API audience.
import { decodeJwt } from 'jose';
import {
  API_AUDIENCE,
  CookieJar,
  exchangeCode,
  login,
  signInAndGetTokens,
  startTestIdp,
  tokenRequest,
  type TestIdp,
} from './test-utils';

jest.setTimeout(30_000);

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp.dispose();
});

const ADMIN = { client_id: 'paddock-admin-cli', client_secret: 'paddock-dev-admin-secret' };

async function managementToken(): Promise<string> {
  const response = await tokenRequest(idp, {
    grant_type: 'client_credentials',
    ...ADMIN,
    audience: `${idp.issuer}api/v2/`,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const deleteUser = (sub: string, token: string) =>
  fetch(`${idp.url}/api/v2/users/${encodeURIComponent(sub)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });

async function signUp(email: string) {
  const jar = new CookieJar();
  const result = await login(idp, jar, { email, password: 'harvest-moon-77' }, { screen: 'signup' });
  return { jar, sub: String(decodeJwt((await exchangeCode(idp, result)).access_token).sub) };
}

const patchUser = (sub: string, token: string | undefined, body: unknown) =>
  fetch(`${idp.url}/api/v2/users/${encodeURIComponent(sub)}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const getUser = (sub: string, token: string | undefined) =>
  fetch(`${idp.url}/api/v2/users/${encodeURIComponent(sub)}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

interface MailboxJson {
  messages: { to: string; subject: string; link: string; userId: string }[];
}
const mailbox = async () => ((await (await fetch(`${idp.url}/dev/mailbox.json`)).json()) as MailboxJson).messages;

describe('PATCH /api/v2/users/{id} (e-mail change)', () => {
  it('changes the e-mail: unverified until the link sent to the new address is opened; the old address no longer signs in', async () => {
    const stamp = Date.now();
    const oldEmail = `before-${stamp}@example.com`;
    const newEmail = `after-${stamp}@example.com`;
    const { sub } = await signUp(oldEmail);
    const first = await signInAndGetTokens(idp, { email: oldEmail, password: 'harvest-moon-77' });

    const response = await patchUser(sub, await managementToken(), {
      email: newEmail.toUpperCase(),
      verify_email: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user_id: sub, email: newEmail, email_verified: false });

    await expect(signInAndGetTokens(idp, { email: oldEmail, password: 'harvest-moon-77' })).rejects.toThrow(
      /no code; last status 401/,
    );
    const unverified = await signInAndGetTokens(idp, { email: newEmail, password: 'harvest-moon-77' });
    expect(decodeJwt(unverified.access_token)).toMatchObject({ sub, email: newEmail, email_verified: false });

    // The api reads the user while the change waits for its verification.
    const token = await managementToken();
    expect(await (await getUser(sub, token)).json()).toMatchObject({
      user_id: sub,
      email: newEmail,
      email_verified: false,
    });

    const message = (await mailbox()).find((item) => item.to === newEmail);
    expect(message).toMatchObject({ userId: sub, subject: 'Verify your email address for Paddock' });
    expect((await fetch(message?.link ?? '')).status).toBe(200);
    const read = await getUser(sub, token);
    expect(read.status).toBe(200);
    expect(read.headers.get('cache-control')).toBe('no-store');
    expect(await read.json()).toMatchObject({ user_id: sub, email: newEmail, email_verified: true });

    // The session's refresh token now carries the new, verified address.
    const refreshed = await tokenRequest(
      idp,
      { grant_type: 'refresh_token', client_id: 'paddock-web', refresh_token: first.refresh_token ?? '' },
      { origin: 'http://localhost:3000' },
    );
    const tokens = (await refreshed.json()) as { access_token: string };
    expect(decodeJwt(tokens.access_token)).toMatchObject({ sub, email: newEmail, email_verified: true });
  });

  it('refuses an address another user has (409), a malformed one (400), unknown fields (400) and unknown users (404)', async () => {
    const stamp = Date.now();
    const taken = `taken-${stamp}@example.com`;
    await signUp(taken);
    const { sub } = await signUp(`mover-${stamp}@example.com`);
    const token = await managementToken();
    const conflict = await patchUser(sub, token, { email: taken });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({ detail: 'The specified new email already exists' });
    expect((await patchUser(sub, token, { email: 'not-an-address' })).status).toBe(400);
    expect((await patchUser(sub, token, { password: 'x' })).status).toBe(400);
    expect((await patchUser('auth0|nobody', token, { email: `n-${stamp}@example.com` })).status).toBe(404);
  });

  it('refuses user tokens and missing tokens', async () => {
    const email = `keeper-${Date.now()}@example.com`;
    const { sub } = await signUp(email);
    const userToken = (await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).access_token;
    expect((await patchUser(sub, userToken, { email: `x-${Date.now()}@example.com` })).status).toBe(401);
    expect((await patchUser(sub, undefined, { email: `y-${Date.now()}@example.com` })).status).toBe(401);
    expect((await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).access_token).toBeTruthy();
  });
});

describe('GET /api/v2/users/{id}', () => {
  it('answers 404 for an unknown user and 401 without a Management API token', async () => {
    const email = `reader-${Date.now()}@example.com`;
    const { sub } = await signUp(email);
    const userToken = (await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).access_token;
    expect((await getUser('auth0|nobody', await managementToken())).status).toBe(404);
    expect((await getUser(sub, userToken)).status).toBe(401);
    expect((await getUser(sub, undefined)).status).toBe(401);
  });
});

describe('DELETE /api/v2/users/{id}', () => {
  it('gives the admin client a Management API token with delete:users', async () => {
    const claims = decodeJwt(await managementToken());
    expect(claims).toMatchObject({
      aud: `${idp.issuer}api/v2/`,
      scope: 'read:users delete:users update:users',
      client_id: 'paddock-admin-cli',
    });
  });

  it('deletes the user: they can no longer sign in, and their refresh token stops working', async () => {
    const email = `leaving-${Date.now()}@example.com`;
    const { sub } = await signUp(email);
    const tokens = await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' });

    const response = await deleteUser(sub, await managementToken());
    expect(response.status).toBe(204);

    await expect(signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).rejects.toThrow(
      /no code; last status 401/,
    );
    const refresh = await tokenRequest(
      idp,
      { grant_type: 'refresh_token', client_id: 'paddock-web', refresh_token: tokens.refresh_token ?? '' },
      { origin: 'http://localhost:3000' },
    );
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });

    // Deleting again: the user is already gone.
    expect((await deleteUser(sub, await managementToken())).status).toBe(404);
  });

  it('refuses API tokens, user tokens and missing tokens', async () => {
    const email = `staying-${Date.now()}@example.com`;
    const { sub } = await signUp(email);
    const userToken = (await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).access_token;
    const apiAdmin = await tokenRequest(idp, { grant_type: 'client_credentials', ...ADMIN, audience: API_AUDIENCE });
    const apiAdminToken = ((await apiAdmin.json()) as { access_token: string }).access_token;

    for (const token of [userToken, apiAdminToken]) {
      const response = await deleteUser(sub, token);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ statusCode: 401 });
    }
    const anonymous = await fetch(`${idp.url}/api/v2/users/${encodeURIComponent(sub)}`, { method: 'DELETE' });
    expect(anonymous.status).toBe(401);
    // Still there.
    expect((await signInAndGetTokens(idp, { email, password: 'harvest-moon-77' })).access_token).toBeTruthy();
  });

  it('does not give the web client a Management API token', async () => {
    const response = await tokenRequest(idp, {
      grant_type: 'client_credentials',
      client_id: 'paddock-web',
      audience: `${idp.issuer}api/v2/`,
    });
    expect(response.status).toBe(400);
  });
});
