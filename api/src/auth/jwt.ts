import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { HttpError } from '../errors';

/** Who is calling, from a verified access token. */
export interface AuthUser {
  sub: string;
  email: string | null;
  emailVerified: boolean | null;
  scopes: string[];
  clientId: string | null;
  /** The token's `iat` (seconds), when it has one. */
  issuedAt?: number | null;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  jwksUrl: string;
}

export type TokenVerifier = (token: string) => Promise<AuthUser>;

/** A verifier that remembers verified tokens; `forget(sub)` drops that subject's (account deleted or changed). */
export type CachingTokenVerifier = TokenVerifier & { forget(sub: string): void };

export const unauthorized = (detail: string, invalidToken = true) =>
  new HttpError(401, detail, {
    'www-authenticate': invalidToken
      ? `Bearer error="invalid_token", error_description="${detail.replaceAll('"', "'")}"`
      : 'Bearer',
  });

export const missingToken = () => unauthorized('Not authenticated', false);

/** The reason a token was refused, as the 401 `detail` says it. */
function rejection(error: unknown): HttpError {
  if (error instanceof errors.JWTExpired) return unauthorized('Token has expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return unauthorized('Token issuer is not accepted');
    if (error.claim === 'aud') return unauthorized('Token audience is not accepted');
    if (error.claim === 'nbf') return unauthorized('Token is not valid yet');
    return unauthorized(`Token is missing or has an invalid "${error.claim}" claim`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return unauthorized('Token signature is not valid');
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return unauthorized('Token signing algorithm is not accepted');
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported
  ) {
    return unauthorized('Token is malformed');
  }
  if (
    error instanceof errors.JWKSTimeout ||
    !(error instanceof errors.JOSEError) ||
    error.code === 'ERR_JOSE_GENERIC'
  ) {
    // The signing keys could not be fetched: the identity provider is down, not the caller's fault.
    return new HttpError(503, 'Could not check your sign-in right now. Please try again shortly.');
  }
  return unauthorized('Token is not valid');
}

const stringClaim = (payload: JWTPayload, name: string): string | null =>
  typeof payload[name] === 'string' ? (payload[name] as string) : null;

/** How many verified tokens to remember; a browser reuses one token for many calls. */
const VERIFIED_CACHE_SIZE = 2000;

/**
 * Remembers tokens that passed verification until they expire, so the signature is checked once
 * per token rather than once per request. Only successes are kept.
 */
function verifiedTokenCache() {
  const entries = new Map<string, { user: AuthUser; expiresAt: number }>();
  return {
    get(token: string): AuthUser | undefined {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now()) {
        entries.delete(token);
        return undefined;
      }
      return entry.user;
    },
    set(token: string, user: AuthUser, exp: number) {
      if (entries.size >= VERIFIED_CACHE_SIZE) entries.delete(entries.keys().next().value as string);
      entries.set(token, { user, expiresAt: exp * 1000 });
    },
    forget(sub: string) {
      for (const [token, entry] of entries) if (entry.user.sub === sub) entries.delete(token);
    },
  };
}

/** Verifies RS256 access tokens against the issuer's JWKS (fetched on demand, cached by jose). */
export function createTokenVerifier(options: TokenVerifierOptions): CachingTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  const verified = verifiedTokenCache();
  const verify: TokenVerifier = async (token) => {
    const known = verified.get(token);
    if (known) return known;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        requiredClaims: ['sub', 'exp'],
      }));
    } catch (error) {
      throw rejection(error);
    }
    const scope = stringClaim(payload, 'scope');
    const user: AuthUser = {
      sub: payload.sub as string,
      email: stringClaim(payload, 'email'),
      emailVerified: typeof payload.email_verified === 'boolean' ? payload.email_verified : null,
      scopes: scope ? scope.split(' ').filter(Boolean) : [],
      clientId: stringClaim(payload, 'client_id') ?? stringClaim(payload, 'azp'),
      issuedAt: typeof payload.iat === 'number' ? payload.iat : null,
    };
    verified.set(token, user, payload.exp as number);
    return user;
  };
  return Object.assign(verify, { forget: (sub: string) => verified.forget(sub) });
}

/** Reads `Authorization: Bearer <token>`; throws the 401 for a missing or malformed header. */
export function bearerToken(header: string | undefined): string {
  if (!header) throw missingToken();
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized('Authorization header must be "Bearer <token>"', false);
  return match[1];
}
