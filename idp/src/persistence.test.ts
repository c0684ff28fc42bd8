// What must survive a restart on the same data folder: users, the signing key, sessions, refresh
// tokens and the mailbox.
import { rm } from 'node:fs/promises';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { startIdp } from './server';
import {
  API_AUDIENCE,
  CookieJar,
  authorizeUrl,
  exchangeCode,
  follow,
  login,
  makeDataDir,
  signInAndGetTokens,
  tokenRequest,
} from './test-utils';

jest.setTimeout(30_000);

const quiet = () => undefined;

it('keeps users, keys, sessions, refresh tokens and mail across a restart', async () => {
  const dataDir = await makeDataDir();
  try {
    const credentials = { email: 'persist@example.com', password: 'kept-over-restart' };
    const first = await startIdp({ port: 0, dataDir, log: quiet });
    const { port } = first;
    const jar = new CookieJar();
    const tokens = await exchangeCode(first, await login(first, jar, credentials, { screen: 'signup' }));
    const sub = String(decodeJwt(tokens.access_token).sub);
    const jwksBefore = (await (await fetch(`${first.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const job = await fetch(`${first.url}/api/v2/jobs/verification-email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: sub }),
    });
    expect(job.status).toBe(201);
    await first.close();

    // Same port, so the issuer (and therefore old tokens) stay the same.
    const second = await startIdp({ port, dataDir, log: quiet });
    try {
      const jwksAfter = (await (await fetch(`${second.url}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
      expect(jwksAfter).toEqual(jwksBefore);
      const { payload } = await jwtVerify(tokens.access_token, createLocalJWKSet(jwksAfter), {
        issuer: second.issuer,
        audience: API_AUDIENCE,
      });
      expect(payload.sub).toBe(sub);

      // The idp session cookie from before the restart still signs the browser in.
      const sso = await follow(jar, authorizeUrl(second).url);
      expect(sso.appUrl?.searchParams.get('code')).toBeTruthy();

      // The refresh token issued before the restart still works.
      const refreshed = await tokenRequest(second, {
        client_id: 'paddock-web',
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      });
      expect(refreshed.status).toBe(200);

      // The account (and the demo account) can sign in with a fresh browser.
      const again = await signInAndGetTokens(second, credentials);
      expect(decodeJwt(again.access_token).sub).toBe(sub);
      await signInAndGetTokens(second, { email: 'demo@paddock.example', password: 'paddock-demo' });

      const mail = (await (await fetch(`${second.url}/dev/mailbox.json`)).json()) as {
        messages: { to: string; link: string }[];
      };
      const message = mail.messages.find((item) => item.to === credentials.email);
      expect(message).toBeDefined();
      const verified = await fetch((message?.link ?? '').replace(/^http:\/\/localhost:\d+/, second.url));
      expect(verified.status).toBe(200);
    } finally {
      await second.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
