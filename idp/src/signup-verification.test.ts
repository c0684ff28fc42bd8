// Sign-up and e-mail verification: the form rules, the Management API job, the dev mailbox and the link.
import { decodeJwt } from 'jose';
import {
  API_AUDIENCE,
  CookieJar,
  DEMO,
  authorizeUrl,
  follow,
  formAction,
  postForm,
  signInAndGetTokens,
  startTestIdp,
  tokenRequest,
  type TestIdp,
  exchangeCode,
  login,
} from './test-utils';

jest.setTimeout(30_000);

let idp: TestIdp;

beforeAll(async () => {
  idp = await startTestIdp();
});

afterAll(async () => {
  await idp.dispose();
});

/** Opens /authorize with screen_hint=signup and returns the sign-up page. */
async function openSignUp(jar: CookieJar) {
  const page = await follow(jar, authorizeUrl(idp, { screen_hint: 'signup' }).url);
  return { html: await page.response.text(), url: page.url };
}

interface MailboxJson {
  messages: { to: string; subject: string; link: string; userId: string; createdAt: string }[];
}

async function mailbox(): Promise<MailboxJson> {
  return (await (await fetch(`${idp.url}/dev/mailbox.json`)).json()) as MailboxJson;
}

function jobRequest(token: string | undefined, body: unknown, origin?: string): Promise<Response> {
  return fetch(`${idp.url}/api/v2/jobs/verification-email`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('sign-up', () => {
  it('screen_hint=signup opens the sign-up form with a link back to sign in', async () => {
    const { html } = await openSignUp(new CookieJar());
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>Sign up<\/button>/);
    expect(html).toMatch(/<a href="[^"]+\/login">Sign in<\/a>/);
  });

  it.each([
    ['not-an-email', 'long-enough-1', 'Enter a valid email address.'],
    ['someone@farm.example', 'short', 'Password must be at least 8 characters.'],
    ['DEMO@paddock.example', 'long-enough-1', 'An account with this email already exists.'],
  ])('refuses %s / %s with "%s" and keeps the e-mail', async (email, password, message) => {
    const jar = new CookieJar();
    const { html, url } = await openSignUp(jar);
    const result = await postForm(jar, formAction(html, url), { email, password });
    expect(result.appUrl).toBeUndefined();
    expect(result.response.status).toBeGreaterThanOrEqual(400);
    const body = await result.response.text();
    expect(body).toContain(message);
    expect(body).toContain(`value="${email}"`);
  });

  it('creates an unverified user who is signed in straight away and can sign in again later', async () => {
    const jar = new CookieJar();
    const { html, url } = await openSignUp(jar);
    const result = await postForm(jar, formAction(html, url), {
      email: 'New.Farmer@Example.com',
      password: 'tractor-2024',
    });
    expect(result.appUrl?.searchParams.get('code')).toBeTruthy();

    // A later sign-in (fresh browser) with the same address in another case works too.
    const tokens = await signInAndGetTokens(idp, { email: 'new.farmer@example.com', password: 'tractor-2024' });
    const access = decodeJwt(tokens.access_token);
    expect(access.sub).toMatch(/^auth0\|[0-9a-f]{24}$/);
    expect(access).toMatchObject({ email: 'new.farmer@example.com', email_verified: false, aud: API_AUDIENCE });
    const id = decodeJwt(tokens.id_token ?? '');
    expect(id).toMatchObject({ email: 'new.farmer@example.com', email_verified: false, nickname: 'new.farmer' });
  });

  it('sends the verification e-mail at once, and its link verifies the address', async () => {
    const jar = new CookieJar();
    const { html, url } = await openSignUp(jar);
    const email = 'straight.away@example.com';
    const result = await postForm(jar, formAction(html, url), { email, password: 'paddock-harvest-7' });
    expect(result.appUrl?.searchParams.get('code')).toBeTruthy();

    const { messages } = await mailbox();
    const sent = messages.filter((item) => item.to === email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toBe('Verify your email address for Paddock');
    const verified = await fetch(sent[0]?.link ?? '');
    expect(verified.status).toBe(200);
    expect(await verified.text()).toContain('Your email address is verified');
  });

  it('exchanges the code of a sign-up for tokens', async () => {
    const jar = new CookieJar();
    const result = await login(
      idp,
      jar,
      { email: 'second@example.com', password: 'another-crop-9' },
      { screen: 'signup' },
    );
    const tokens = await exchangeCode(idp, result);
    expect(decodeJwt(tokens.access_token)).toMatchObject({ email: 'second@example.com', email_verified: false });
  });
});

describe('verification e-mail job', () => {
  it('mails a link that verifies the address, and later tokens say so', async () => {
    const credentials = { email: 'verify.me@example.com', password: 'verify-me-please' };
    const jar = new CookieJar();
    const first = await exchangeCode(idp, await login(idp, jar, credentials, { screen: 'signup' }));
    const sub = String(decodeJwt(first.access_token).sub);

    const response = await jobRequest(
      first.access_token,
      { user_id: sub, client_id: 'paddock-web' },
      'http://localhost:3000',
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const job = (await response.json()) as Record<string, unknown>;
    expect(job).toMatchObject({ type: 'verification_email', status: 'pending' });
    expect(String(job.id)).toMatch(/^job_/);

    const { messages } = await mailbox();
    const message = messages.find((item) => item.to === credentials.email);
    expect(message).toBeDefined();
    expect(message?.link).toMatch(new RegExp(`^${idp.url}/verify-email\\?ticket=[\\w-]+$`));
    expect(idp.logs.some((line) => line.includes(message?.link ?? 'missing'))).toBe(true);

    const page = await fetch(`${idp.url}/dev/mailbox`);
    expect(await page.text()).toContain(credentials.email);

    const verified = await fetch(message?.link ?? '');
    expect(verified.status).toBe(200);
    const html = await verified.text();
    expect(html).toContain('Your email address is verified');
    expect(html).toContain('href="http://localhost:3000/"');

    // A refresh-token grant after verification carries the new state, and so does a new sign-in.
    const refreshed = await tokenRequest(idp, {
      client_id: 'paddock-web',
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    const refreshedTokens = (await refreshed.json()) as { access_token: string; id_token: string };
    expect(decodeJwt(refreshedTokens.access_token).email_verified).toBe(true);
    expect(decodeJwt(refreshedTokens.id_token).email_verified).toBe(true);
    const later = await signInAndGetTokens(idp, credentials);
    expect(decodeJwt(later.access_token).email_verified).toBe(true);
    const userinfo = await fetch(`${idp.url}/userinfo`, { headers: { authorization: `Bearer ${later.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ email_verified: true });
  });

  it('answers an invalid ticket with a friendly error page', async () => {
    const response = await fetch(`${idp.url}/verify-email?ticket=not-a-ticket`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('This link is not valid');
  });

  it('needs a valid token: 401 without, 403 for another user, 404 for an unknown user (admin)', async () => {
    expect((await jobRequest(undefined, { user_id: 'auth0|demo' })).status).toBe(401);
    const bad = await jobRequest('not.a.token', { user_id: 'auth0|demo' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ detail: expect.any(String) });

    const demo = await signInAndGetTokens(idp, DEMO);
    const other = await jobRequest(demo.access_token, { user_id: 'auth0|someone-else' });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ detail: expect.any(String) });

    const missingBody = await jobRequest(demo.access_token, {});
    expect(missingBody.status).toBe(400);

    const admin = await tokenRequest(idp, {
      grant_type: 'client_credentials',
      client_id: 'paddock-admin-cli',
      client_secret: 'paddock-dev-admin-secret',
      audience: API_AUDIENCE,
    });
    const adminToken = ((await admin.json()) as { access_token: string }).access_token;
    const unknown = await jobRequest(adminToken, { user_id: 'auth0|nobody' });
    expect(unknown.status).toBe(404);
    const forDemo = await jobRequest(adminToken, { user_id: 'auth0|demo' });
    expect(forDemo.status).toBe(201);
  });

  it('answers the CORS preflight for the web origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${idp.url}/api/v2/jobs/verification-email`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://localhost:3004');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3004');
    expect(allowed.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    const refused = await preflight('http://evil.example');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
