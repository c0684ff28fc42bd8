// Verifies access tokens this idp issued (for its own userinfo and jobs endpoints) with the local
// public key: the same checks the API makes against the JWKS.
import { importJWK, jwtVerify, type CryptoKey, type JWTPayload, type KeyObject } from 'jose';
import type { RsaPublicJwk } from './secrets';

export interface VerifiedAccessToken {
  sub: string;
  clientId: string | undefined;
  scopes: string[];
  payload: JWTPayload;
}

export type AccessTokenVerifier = (token: string) => Promise<VerifiedAccessToken>;

export async function createAccessTokenVerifier(options: {
  publicKey: RsaPublicJwk;
  issuer: string;
  audience: string;
}): Promise<AccessTokenVerifier> {
  const key: CryptoKey | KeyObject | Uint8Array = await importJWK(options.publicKey, 'RS256');
  return async (token) => {
    const { payload } = await jwtVerify(token, key, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'exp'],
    });
    return {
      sub: String(payload.sub),
      clientId: typeof payload.client_id === 'string' ? payload.client_id : undefined,
      scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
      payload,
    };
  };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** A JWS compact serialisation has three dot-separated parts; opaque tokens do not. */
export const looksLikeJwt = (token: string) => token.split('.').length === 3;
