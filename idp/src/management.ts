// Auth0 Management API subset the api uses: DELETE /api/v2/users/{id}, with a client-credentials
// token of the admin client for the Management API audience (`<issuer>api/v2/`, scope delete:users).
import type { Context, Next } from 'koa';
import { MANAGEMENT_SCOPES, type IdpConfig } from './config';
import { sendJsonError } from './http';
import { bearerToken, type AccessTokenVerifier } from './tokens';
import type { UserStore } from './users';

export interface ManagementDeps {
  config: IdpConfig;
  users: UserStore;
  /** Verifies tokens for the Management API audience. */
  verifyManagementToken: AccessTokenVerifier;
}

const USER_ROUTE = /^\/api\/v2\/users\/([^/]+)$/;

async function deleteUser(ctx: Context, deps: ManagementDeps, id: string): Promise<void> {
  const token = bearerToken(ctx.get('Authorization'));
  let scopes: string[];
  try {
    if (!token) throw new Error('missing');
    scopes = (await deps.verifyManagementToken(token)).scopes;
  } catch {
    ctx.set('WWW-Authenticate', 'Bearer error="invalid_token"');
    sendJsonError(ctx, 401, 'Missing or invalid Management API token');
    return;
  }
  if (!MANAGEMENT_SCOPES.every((scope) => scopes.includes(scope))) {
    sendJsonError(ctx, 403, 'Insufficient scope, expected: delete:users');
    return;
  }
  if (!(await deps.users.delete(id))) {
    sendJsonError(ctx, 404, 'The user does not exist.');
    return;
  }
  deps.config.log(`idp: user ${id} deleted through the Management API`);
  ctx.status = 204;
}

export function managementRoutes(deps: ManagementDeps) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = USER_ROUTE.exec(ctx.path);
    if (!match?.[1]) {
      await next();
      return;
    }
    if (ctx.method !== 'DELETE') {
      ctx.set('Allow', 'DELETE');
      sendJsonError(ctx, 405, 'Method not allowed');
      return;
    }
    let id: string;
    try {
      id = decodeURIComponent(match[1]);
    } catch {
      sendJsonError(ctx, 400, 'Invalid user id');
      return;
    }
    await deleteUser(ctx, deps, id);
  };
}
