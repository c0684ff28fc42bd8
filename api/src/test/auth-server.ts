import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

export const TEST_ISSUER = 'http://localhost:4400/';
export const TEST_AUDIENCE = 'https://api.paddock.example';

export interface TokenOptions {
  /** Seconds from now; negative for an expired token. Default 300. */
  expiresIn?: number;
  issuer?: string;
  audience?: string;
  /** Sign with the key that is not in the JWKS. */
  rogue?: boolean;
}

/** A stand-in for the idp's key endpoint: an RSA key pair, its JWKS on a local port, and a token minter. */
export interface TestAuthServer {
  jwksUrl: string;
  sign(claims: JWTPayload, options?: TokenOptions): Promise<string>;
  /** Requests served so far (to check caching or outages). */
  requests: number;
  close(): Promise<void>;
}

export async function startAuthServer(): Promise<TestAuthServer> {
  const key = await generateKeyPair('RS256', { extractable: true });
  const rogue = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(key.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const state = { requests: 0 };

  const server: Server = createServer((request, response) => {
    state.requests += 1;
    if (request.url === '/.well-known/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const sign = async (claims: JWTPayload, options: TokenOptions = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const signingKey: CryptoKey = options.rogue ? rogue.privateKey : key.privateKey;
    return (
      new SignJWT(claims)
        // The rogue token claims the trusted kid: only the signature gives it away.
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'at+jwt' })
        .setIssuer(options.issuer ?? TEST_ISSUER)
        .setAudience(options.audience ?? TEST_AUDIENCE)
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 300))
        .sign(signingKey)
    );
  };

  return {
    jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json`,
    sign,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
