import type { FastifyInstance } from 'fastify';
import { bearerToken, type AuthUser, type TokenVerifier } from './jwt';

export { createTokenVerifier, type AuthUser, type CachingTokenVerifier, type TokenVerifier } from './jwt';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every route registered inside a `requireAuth` scope. */
    user: AuthUser;
  }
}

/** Adds the bearer-token check to every route of this (encapsulated) instance. */
export function requireAuth(instance: FastifyInstance, verify: TokenVerifier): void {
  instance.addHook('onRequest', async (request) => {
    request.user = await verify(bearerToken(request.headers.authorization));
  });
  // Document it in the OpenAPI description of each route of the scope.
  instance.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
}

export function hasScope(user: AuthUser, scope: string): boolean {
  return user.scopes.includes(scope);
}
