import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { JWTPayload } from 'jose';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseKind } from '../db';
import {
  startAuthServer,
  TEST_AUDIENCE,
  TEST_ISSUER,
  TEST_MANAGEMENT_CLIENT,
  type TestAuthServer,
  type TokenOptions,
} from './auth-server';
import { createTestDatabase, type TestDatabase } from './backends';

export { availableBackends } from './backends';

const apiRoot = path.resolve(__dirname, '..', '..');

export interface TestContext {
  app: FastifyInstance;
  auth: TestAuthServer;
  config: Config;
  /** A signed access token for a user (claims merged over a default farmer). */
  token(claims?: JWTPayload, options?: TokenOptions): Promise<string>;
  /** `app.inject` with `Authorization: Bearer <token>` when a token is given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Closes the app and starts a new one on the same database (to test restarts). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

let counter = 0;
/** A distinct user per call, so tests in one file don't share accounts. */
export function newUser(overrides: JWTPayload = {}): JWTPayload {
  counter += 1;
  return {
    sub: `auth0|test-${process.pid}-${counter}`,
    email: `farmer${counter}@example.com`,
    email_verified: true,
    scope: 'openid profile email',
    client_id: 'paddock-spa',
    ...overrides,
  };
}

/** Starts a JWKS server, a fresh database of `kind` and the app on it. */
export async function startTestApp(
  kind: DatabaseKind,
  env: NodeJS.ProcessEnv = {},
  appOptions: Omit<BuildAppOptions, 'config'> = {},
): Promise<TestContext> {
  const auth = await startAuthServer();
  let database: TestDatabase | undefined;
  // Export files of this app only, removed with it (not the repo's .data folder).
  const exportsDir = await mkdtemp(path.join(tmpdir(), 'paddock-api-exports-'));
  const removeExports = () => rm(exportsDir, { recursive: true, force: true });
  try {
    database = await createTestDatabase(kind);
    const base = loadConfig(
      {
        AUTH_ISSUER: TEST_ISSUER,
        AUTH_AUDIENCE: TEST_AUDIENCE,
        AUTH_JWKS_URL: auth.jwksUrl,
        IDENTITY_ADMIN_DOMAIN: auth.url,
        ADMIN_CLIENT_SECRET: TEST_MANAGEMENT_CLIENT.secret,
        EXPORTS_DIR: exportsDir,
        ...env,
      },
      apiRoot,
    );
    const config: Config = { ...base, database: database.config };
    const context: TestContext = {
      app: await buildApp({ ...appOptions, config }),
      auth,
      config,
      token: (claims = newUser(), options) => auth.sign(claims, options),
      request: ({ token, headers, ...options }) =>
        context.app.inject({
          ...options,
          headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        }),
      restart: async () => {
        await context.app.close();
        context.app = await buildApp({ ...appOptions, config });
      },
      close: async () => {
        await context.app.close();
        await auth.close();
        await database?.drop();
        await removeExports();
      },
    };
    return context;
  } catch (error) {
    await auth.close();
    await database?.drop();
    await removeExports();
    throw error;
  }
}
