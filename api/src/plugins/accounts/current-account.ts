import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRow } from '../../db/types';
import { ensureAccount } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The caller's account, resolved once per request right after the bearer check (created on
     * first use). Set on every route behind `requireAuth` unless the route opts out with
     * `config: { account: false }`; such a route calls `resolveAccount(request)` when it needs it.
     */
    account: AccountRow;
  }
  interface FastifyContextConfig {
    /** `false`: don't resolve `request.account` for this route (admin tokens, cached tile access). */
    account?: false;
  }
}

/** Resolves the caller's account from the verified token, stores it on the request and returns it. */
export async function resolveAccount(request: FastifyRequest): Promise<AccountRow> {
  request.account = await ensureAccount(request.server.db, request.user);
  return request.account;
}

/**
 * Adds `request.account` to every route of this (encapsulated) instance. Register it after
 * `requireAuth` in the same scope, so it runs once the token is verified.
 */
export function installCurrentAccount(instance: FastifyInstance): void {
  instance.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.account === false) return;
    await resolveAccount(request);
  });
}
