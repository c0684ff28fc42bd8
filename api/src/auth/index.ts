import type { FastifyInstance } from 'fastify';
import { bearerToken, type AuthUser, type TokenVerifier } from './jwt';

export { createTokenVerifier, type AuthUser, type CachingTokenVerifier, type TokenVerifier } from './jwt';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every route registered inside a `requireAuth` scope. */
    user: AuthUser;
  }
}

/**
 * What an authenticated answer may be kept as unless its route says otherwise: nowhere (an account's
 * data must not stay in a browser's or a proxy's cache after sign-out, nor be served to someone else).
 * Map tiles and thumbnails set their own `private, max-age` with an ETag on purpose: they are imagery,
 * fetched by the hundred while panning, and kept only in the signed-in browser's own cache.
 */
export const AUTHENTICATED_CACHE_CONTROL = 'private, no-store';

/**
 * Adds the bearer-token check to every route of this (encapsulated) instance, and `Cache-Control:
 * private, no-store` to each of their answers (errors included) whose route set no caching of its own.
 */
export function requireAuth(instance: FastifyInstance, verify: TokenVerifier): void {
  instance.addHook('onRequest', async (request) => {
    request.user = await verify(bearerToken(request.headers.authorization));
  });
  instance.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) void reply.header('cache-control', AUTHENTICATED_CACHE_CONTROL);
    done(null, payload);
  });
  // Document it in the OpenAPI description of each route of the scope.
  instance.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ bearerAuth: [] }] };
  });
}

export function hasScope(user: AuthUser, scope: string): boolean {
  return user.scopes.includes(scope);
}
