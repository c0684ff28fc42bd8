import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_ISSUER = 'http://localhost:4400/';
export const TEST_AUDIENCE = 'https://api.paddock.example';

export interface TokenOptions {
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  /** The `iat` claim (epoch seconds); default ten seconds ago. */
  issuedAt?: number;
  /** Sign with the key that is not in the JWKS. */
  rogue?: boolean;
}

/** The client the api's identity administration uses against this server (Auth0 Management API subset). */
export const TEST_MANAGEMENT_CLIENT = { id: 'paddock-admin-cli', secret: 'test-admin-secret' } as const;

/**
 * A stand-in for the idp: an RSA key pair, its JWKS on a local port and a token minter, plus the
 * Auth0 Management API subset the api calls (`POST /oauth/token` client credentials,
 * `GET`, `PATCH` and `DELETE /api/v2/users/{id}`), recording the users read, changed and deleted.
 */
export interface TestAuthServer {
  /** Base URL with a trailing slash (the management "domain"). */
  url: string;
  jwksUrl: string;
  /** E-mail changes made through the management API (`PATCH /api/v2/users/{id}`), in order. */
  emailChanges: { sub: string; email: string; verifyEmail: boolean }[];
  /** Addresses the management API answers 409 for. */
  takenEmails: Set<string>;
  /**
   * The e-mail the management API holds per subject (set by its PATCH, unverified); `GET
   * /api/v2/users/{id}` answers from it, 404 for a subject it does not hold.
   */
  users: Map<string, { email: string; emailVerified: boolean }>;
  /** The person opened the verification link sent to their new address. */
  verifyEmail(sub: string): void;
  /** When set, the management API answers this status to reads of a user (an outage). */
  failReads: number | null;
  /** Reads of users through the management API (`GET /api/v2/users/{id}`), in order. */
  userReads: string[];
  /** Subjects deleted through the management API, in order. */
  deletedUsers: string[];
  /** When set, the management API answers this status to deletions (an outage). */
  failDeletes: number | null;
  sign(claims: JWTPayload, options?: TokenOptions): Promise<string>;
  /** Requests served so far (to check caching or outages). */
  requests: number;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<TestAuthServer> {
  const key = await generateKeyPair('RS256', { extractable: true });
  const rogue = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(key.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const state = {
    requests: 0,
    deletedUsers: [] as string[],
    failDeletes: null as number | null,
    emailChanges: [] as { sub: string; email: string; verifyEmail: boolean }[],
    takenEmails: new Set<string>(),
    users: new Map<string, { email: string; emailVerified: boolean }>(),
    failReads: null as number | null,
    userReads: [] as string[],
  };
  const managementTokens = new Set<string>();
  let base = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  const server: Server = createServer((request, response) => {
    state.requests += 1;
    const url = new URL(request.url ?? '/', base || 'http://127.0.0.1/');
    if (url.pathname === '/.well-known/jwks.json') {
      json(response, 200, { keys: [publicJwk] });
    } else if (url.pathname === '/oauth/token' && request.method === 'POST') {
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        const body = JSON.parse(text || '{}') as Record<string, unknown>;
        const valid =
          body.grant_type === 'client_credentials' &&
          body.client_id === TEST_MANAGEMENT_CLIENT.id &&
          body.client_secret === TEST_MANAGEMENT_CLIENT.secret &&
          body.audience === `${base}api/v2/`;
        if (!valid) return json(response, 401, { error: 'access_denied' });
        const token = randomUUID();
        managementTokens.add(token);
        return json(response, 200, { access_token: token, token_type: 'Bearer', expires_in: 86_400 });
      });
    } else if (url.pathname.startsWith('/api/v2/users/') && request.method === 'GET') {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !managementTokens.has(token)) return json(response, 401, { error: 'Unauthorized' });
      if (state.failReads !== null) return json(response, state.failReads, { error: 'Service Unavailable' });
      const sub = decodeURIComponent(url.pathname.slice('/api/v2/users/'.length));
      state.userReads.push(sub);
      const user = state.users.get(sub);
      if (!user) return json(response, 404, { message: 'The user does not exist.' });
      return json(response, 200, { user_id: sub, email: user.email, email_verified: user.emailVerified });
    } else if (url.pathname.startsWith('/api/v2/users/') && request.method === 'DELETE') {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !managementTokens.has(token)) return json(response, 401, { error: 'Unauthorized' });
      if (state.failDeletes !== null) return json(response, state.failDeletes, { error: 'Service Unavailable' });
      state.deletedUsers.push(decodeURIComponent(url.pathname.slice('/api/v2/users/'.length)));
      response.writeHead(204).end();
    } else if (url.pathname.startsWith('/api/v2/users/') && request.method === 'PATCH') {
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !managementTokens.has(token)) return json(response, 401, { error: 'Unauthorized' });
      let text = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (text += chunk));
      request.on('end', () => {
        const body = JSON.parse(text || '{}') as { email?: string; verify_email?: boolean; email_verified?: boolean };
        const sub = decodeURIComponent(url.pathname.slice('/api/v2/users/'.length));
        if (body.email === undefined && body.email_verified === true) {
          const user = state.users.get(sub);
          if (!user) return json(response, 404, { message: 'The user does not exist.' });
          user.emailVerified = true;
          return json(response, 200, { user_id: sub, email: user.email, email_verified: true });
        }
        const email = String(body.email ?? '').toLowerCase();
        if (state.takenEmails.has(email))
          return json(response, 409, { message: 'The specified new email already exists' });
        state.emailChanges.push({ sub, email, verifyEmail: body.verify_email === true });
        state.users.set(sub, { email, emailVerified: false });
        return json(response, 200, { user_id: sub, email, email_verified: false });
      });
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}/`;

  const sign = async (claims: JWTPayload, options: TokenOptions = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const signingKey: CryptoKey = options.rogue ? rogue.privateKey : key.privateKey;
    return (
      new SignJWT(claims)
        // The rogue token claims the trusted kid: only the signature gives it away.
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt' })
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? TEST_AUDIENCE)
        .setIssuedAt(options.issuedAt ?? now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(signingKey)
    );
  };

  return {
    url: base,
    jwksUrl: `${base}.well-known/jwks.json`,
    sign,
    get requests() {
      return state.requests;
    },
    get emailChanges() {
      return state.emailChanges;
    },
    takenEmails: state.takenEmails,
    users: state.users,
    verifyEmail(sub: string) {
      const user = state.users.get(sub);
      if (user) user.emailVerified = true;
    },
    get failReads() {
      return state.failReads;
    },
    set failReads(status: number | null) {
      state.failReads = status;
    },
    get userReads() {
      return state.userReads;
    },
    get deletedUsers() {
      return state.deletedUsers;
    },
    get failDeletes() {
      return state.failDeletes;
    },
    set failDeletes(status: number | null) {
      state.failDeletes = status;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
