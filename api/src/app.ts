import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { createTokenVerifier, requireAuth, type AuthUser, type TokenVerifier } from './auth';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseKind, type OpenDatabase } from './db';
import { seedDemoAccount } from './db/seed';
import type { AccountRow } from './db/types';
import { frameworkErrorOptions, installErrorHandling } from './errors';
import { createIdentityAdmin, type IdentityAdmin } from './identity';
import { installCurrentAccount } from './plugins/accounts/current-account';
import { healthPlugin } from './plugins/health';
import { domainPlugins } from './plugins';
import { zodValidatorCompiler } from './validation';
import { announceWrites, WriteEvents } from './writes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    /** Successful writes, for in-process caches to drop what they hold. */
    writes: WriteEvents;
    /** The identity provider's administration (Auth0 Management API or the local idp's subset). */
    identityAdmin: IdentityAdmin;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Fastify's logger setting; off unless given (tests stay quiet). */
  logger?: FastifyServerOptions['logger'];
  /** An already open database to use (the app then leaves closing it to the caller). */
  database?: OpenDatabase;
  /** Replaces the JWKS-based token check (rarely needed; tests use a real JWKS). */
  verifyToken?: TokenVerifier;
  /** Replaces the identity administration made from `config.identityAdmin`. */
  identityAdmin?: IdentityAdmin;
}

/**
 * Builds the whole api: database (migrated and seeded), error contract, CORS, OpenAPI, `/health`
 * and the `/v2` routes. Returns a ready instance; call `listen` or `inject` on it, and `close` at the end.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const database = options.database ?? (await openDatabase(config.database));
  const ownsDatabase = options.database === undefined;

  try {
    await seedDemoAccount(database.db, config.demoSub);
  } catch (error) {
    if (ownsDatabase) await database.close();
    throw error;
  }

  const app = Fastify({
    logger: options.logger ?? false,
    ...frameworkErrorOptions,
    // Path parameters hold e-mail addresses (up to 254 characters); longer ones are a 414.
    routerOptions: { maxParamLength: 320 },
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('writes', new WriteEvents());
  app.decorate('identityAdmin', options.identityAdmin ?? createIdentityAdmin(config.identityAdmin));
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('account', null as unknown as AccountRow);
  if (ownsDatabase) app.addHook('onClose', async () => database.close());

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Paddock API',
        version: config.version,
        description: `Errors are FastAPI style: {"detail": "..."}; 422 carries a list of {loc, msg, type}. Support: ${config.supportEmail}`,
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const verify = options.verifyToken ?? createTokenVerifier(config.auth);

  await app.register(healthPlugin);
  await app.register(
    async (v2) => {
      await v2.register(healthPlugin);
      await v2.register(async (secured) => {
        requireAuth(secured, verify);
        installCurrentAccount(secured);
        announceWrites(secured, app.writes);
        for (const plugin of domainPlugins) await secured.register(plugin);
      });
    },
    { prefix: '/v2' },
  );

  await app.ready();
  return app;
}
