// Test helpers: start an idp on a free port with a temporary data folder, and drive the browser
// side of the Auth0 flow with fetch and a hand-kept cookie jar (what auth0-spa-js + a browser do).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startIdp, type RunningIdp, type StartIdpOptions } from './server';

export const APP = 'http://localhost:3000/';
export const API_AUDIENCE = 'https://api.paddock.example';
export const SCOPE = 'openid profile email offline_access';

export interface TestIdp extends RunningIdp {
  dataDir: string;
  logs: string[];
  /** Closes the idp and deletes its data folder. */
  dispose(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), 'paddock-idp-test-'));
}

export async function startTestIdp(
  dataDir?: string,
  options: Omit<StartIdpOptions, 'port' | 'dataDir'> = {},
): Promise<TestIdp> {
  const dir = dataDir ?? (await makeDataDir());
  const logs: string[] = [];
  const idp = await startIdp({ port: 0, dataDir: dir, log: (line) => logs.push(line), ...options });
  return {
    ...idp,
    dataDir: dir,
    logs,
    dispose: async () => {
      await idp.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Keeps cookies by name (paths and domains are irrelevant against a single test server). */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some(
        (attribute) => /expires=Thu, 01 Jan 1970/i.test(attribute) || /max-age=0\b/i.test(attribute.trim()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** fetch without automatic redirects, sending and storing cookies. */
export async function browserFetch(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (jar.cookies.size) headers.set('cookie', jar.header());
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface AuthorizeRequest {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** The /authorize URL auth0-spa-js builds for `loginWithRedirect`. */
export function authorizeUrl(idp: RunningIdp, extra: Record<string, string> = {}): AuthorizeRequest {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(12).toString('base64url');
  const nonce = randomBytes(12).toString('base64url');
  const params = new URLSearchParams({
    client_id: 'paddock-web',
    scope: SCOPE,
    audience: API_AUDIENCE,
    redirect_uri: APP,
    response_type: 'code',
    response_mode: 'query',
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });
  const auth0Client = Buffer.from(JSON.stringify({ name: 'auth0-spa-js', version: '2.27.0' })).toString('base64');
  return {
    url: `${idp.url}/authorize?${params.toString()}&auth0Client=${encodeURIComponent(auth0Client)}`,
    state,
    nonce,
    verifier,
  };
}

/**
 * Follows redirects inside the idp until the browser lands on a page (2xx/4xx) or leaves for the app.
 * Returns the last response and its URL (or the app URL it redirects to).
 */
export async function follow(
  jar: CookieJar,
  startUrl: string,
  init: RequestInit = {},
): Promise<{ response: Response; url: string; appUrl?: URL }> {
  let url = startUrl;
  let response = await browserFetch(jar, url, init);
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location) return { response, url };
    const next = new URL(location, url);
    if (next.origin !== new URL(startUrl).origin) return { response, url, appUrl: next };
    url = next.href;
    response = await browserFetch(jar, url);
  }
  throw new Error(`too many redirects from ${startUrl}`);
}

/** The action of the (single) form of an HTML page, resolved against the page URL. */
export function formAction(page: string, pageUrl: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(page);
  if (!match?.[1]) throw new Error('no form on the page');
  return new URL(match[1].replaceAll('&amp;', '&'), pageUrl).href;
}

export function postForm(
  jar: CookieJar,
  url: string,
  fields: Record<string, string>,
): Promise<{ response: Response; url: string; appUrl?: URL }> {
  return follow(jar, url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

export interface LoginResult {
  code: string;
  state: string;
  request: AuthorizeRequest;
}

/** Opens /authorize, fills the sign-in (or sign-up) form and returns the code sent to the app. */
export async function login(
  idp: RunningIdp,
  jar: CookieJar,
  credentials: { email: string; password: string },
  options: { screen?: 'login' | 'signup'; extra?: Record<string, string> } = {},
): Promise<LoginResult> {
  const request = authorizeUrl(idp, options.extra);
  const page = await follow(jar, request.url);
  if (page.response.status !== 200) throw new Error(`expected the sign-in page, got ${page.response.status}`);
  let html = await page.response.text();
  let pageUrl = page.url;
  const wanted = options.screen ?? 'login';
  if (!formAction(html, pageUrl).endsWith(`/${wanted}`)) {
    // Switch between sign-in and sign-up with the link on the page.
    const link = /<p class="alt">[^<]*<a href="([^"]+)"/.exec(html)?.[1];
    if (!link) throw new Error('no link to switch forms');
    const switched = await follow(jar, new URL(link, pageUrl).href);
    html = await switched.response.text();
    pageUrl = switched.url;
  }
  const result = await postForm(jar, formAction(html, pageUrl), credentials);
  const code = result.appUrl?.searchParams.get('code');
  if (!code)
    throw new Error(`no code; last status ${result.response.status}: ${(await result.response.text()).slice(0, 300)}`);
  return { code, state: result.appUrl?.searchParams.get('state') ?? '', request };
}

export interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in: number;
  scope?: string;
  token_type: string;
}

/** POSTs to /oauth/token the way auth0-spa-js does: a JSON body and the Auth0-Client header. */
export async function tokenRequest(
  idp: RunningIdp,
  body: Record<string, string>,
  init: { origin?: string; form?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  return fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
      'auth0-client': Buffer.from('{"name":"auth0-spa-js","version":"2.27.0"}').toString('base64'),
      ...(init.origin ? { origin: init.origin } : {}),
      ...init.headers,
    },
    body: init.form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
}

export async function exchangeCode(idp: RunningIdp, result: LoginResult): Promise<TokenResponse> {
  const response = await tokenRequest(
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
  if (response.status !== 200) throw new Error(`token request failed ${response.status}: ${await response.text()}`);
  return (await response.json()) as TokenResponse;
}

/** Signs in and exchanges the code: the whole loginWithRedirect + handleRedirectCallback. */
export async function signInAndGetTokens(
  idp: RunningIdp,
  credentials: { email: string; password: string },
  jar = new CookieJar(),
): Promise<TokenResponse> {
  return exchangeCode(idp, await login(idp, jar, credentials));
}

export const DEMO = { email: 'demo@paddock.example', password: 'paddock-demo' };
