import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createTokenVerifier, requireAuth, type AuthUser, type TokenVerifier } from './auth';
import type { Config } from './config';
import { openDatabase, type Database, type DatabaseKind, type OpenDatabase } from './db';
import { seedDemoAccount } from './db/seed';
import { installSecurityHeaders } from './security-headers';
import { ImageryService } from './imagery/service';
import type { PaymentProvider } from './payments/provider';
import { createPaymentProvider } from './payments/provider-config';
import { TestPaymentProvider } from './payments/test-provider';
import type { DelivererOptions, WebhookSender } from './payments/test-provider/deliverer';
import { testProviderHttp } from './payments/test-provider/http';
import type { AccountRow } from './db/types';
import { frameworkErrorOptions, installErrorHandling } from './errors';
import { createIdentityAdmin, type IdentityAdmin } from './identity';
import { createMailer, DevMailbox, type Mailer } from './email';
import {
  domainPlugins,
  healthPlugin,
  installCurrentAccount,
  notificationsPublicPlugin,
  paymentsPublicPlugin,
  WEBHOOK_PATH,
} from './plugins';
import { responseSerializerCompiler } from './serialization';
import { installUnstorableTextGuard, zodValidatorCompiler } from './validation';
import { announceWrites, WriteEvents } from './writes';
import { ChangeFeed } from './changes';
import { JobRunner } from './jobs/runner';
import type { ExportStorage } from './storage/storage';
import { createExportStorage } from './storage/storage-config';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    databaseKind: DatabaseKind;
    /** Resolves when the database answers (`/health`). */
    pingDatabase(): Promise<void>;
    /** Successful writes (through any api process), for caches to drop what they hold. */
    writes: WriteEvents;
    /** Cross-process invalidation: publish what changed, listen for what other processes changed. */
    changes: ChangeFeed;
    /** Durable jobs: `register` a kind at plugin registration, `enqueue(trx, …)` in the write's transaction. */
    jobs: JobRunner;
    /** Where export files live (local folder or S3, by configuration): key → file. */
    storage: ExportStorage;
    /** Who takes the money (`payments/provider.ts`): the embedded test provider or Stripe. */
    payments: PaymentProvider;
    /** The identity provider's administration (Auth0 Management API or the local idp's subset). */
    identityAdmin: IdentityAdmin;
    /** The imagery engine's worker pool and caches, shared by the imagery and zoning routes. */
    imagery: ImageryService;
    /** Where the api's e-mails go (farm invitations): the dev mailbox or SMTP (`email/`). */
    mailer: Mailer;
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
  /** Plugins registered after the domain plugins, behind the bearer check (test probes). */
  extraPlugins?: readonly FastifyPluginAsync[];
  /** Replaces the configured payment provider (tests: the Stripe adapter against the fake Stripe server). */
  paymentProvider?: PaymentProvider;
  /** Test provider webhook delivery settings (tests and the bench shorten the retry backoff). */
  webhookDelivery?: Omit<DelivererOptions, 'secret' | 'send'>;
  /** Replaces how the test provider's webhooks reach the API (tests drop, delay or reorder them). */
  webhookSender?: WebhookSender | null;
  /** Replaces the identity administration made from `config.identityAdmin`. */
  identityAdmin?: IdentityAdmin;
  /** Replaces the mailer made from `config.email.transport` (tests: SMTP against a fake relay). */
  mailer?: Mailer;
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

  const changes = ChangeFeed.for(database);
  try {
    await changes.start();
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
  app.decorate('pingDatabase', database.ping);
  app.decorate('changes', changes);
  app.decorate('writes', new WriteEvents(changes));
  const jobs = JobRunner.for(database, {
    ...config.jobs,
    onError: (error, job) => app.log.warn({ err: error, job: job.id, kind: job.kind }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  const storage = await createExportStorage(config.storage);
  app.decorate('storage', storage);
  app.decorate('identityAdmin', options.identityAdmin ?? createIdentityAdmin(config.identityAdmin));
  const mailer = options.mailer ?? createMailer(config.email.transport, database.db, (line) => app.log.info(line));
  app.decorate('mailer', mailer);
  app.decorateRequest('user', null as unknown as AuthUser);
  app.decorateRequest('account', null as unknown as AccountRow);
  // Webhooks of the test provider go to this API's own route: over HTTP when PAYMENTS_WEBHOOK_URL says
  // where (another process, a gateway), else straight into this instance.
  const webhookUrl = config.payments.webhookUrl;
  const defaultSender: WebhookSender = webhookUrl
    ? async (body, headers) => (await fetch(webhookUrl, { method: 'POST', body, headers })).status
    : async (body, headers) =>
        (await app.inject({ method: 'POST', url: `/v2${WEBHOOK_PATH}`, payload: body, headers })).statusCode;
  const payments =
    options.paymentProvider ??
    (await createPaymentProvider(config.payments.provider, {
      db: database.db,
      publicApiUrl: config.payments.publicApiUrl,
      sendWebhook: options.webhookSender === undefined ? defaultSender : options.webhookSender,
      testDelivery: options.webhookDelivery,
      jobs,
    }));
  app.decorate('payments', payments);
  const imagery = new ImageryService(config.imagery);
  app.decorate('imagery', imagery);
  app.addHook('onClose', async () => {
    // Webhook delivery and jobs in flight finish (SIGTERM drains them) before the database goes.
    await payments.close();
    await imagery.close();
    await jobs.stop();
    await changes.close();
    storage.close?.();
    if (ownsDatabase) await database.close();
  });

  installSecurityHeaders(app, config.corsOrigins);
  app.setValidatorCompiler(zodValidatorCompiler);
  installUnstorableTextGuard(app);
  app.setSerializerCompiler(responseSerializerCompiler);
  installErrorHandling(app);

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
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

  let verify: TokenVerifier;
  if (options.verifyToken) verify = options.verifyToken;
  else {
    const caching = createTokenVerifier(config.auth);
    changes.on('account', (sub) => caching.forget(sub));
    verify = caching;
  }

  await app.register(healthPlugin);
  // The dev mailbox (development only; production refuses to start with it): what the api "sent".
  if (mailer instanceof DevMailbox && !config.production) {
    app.get(
      '/dev/mailbox.json',
      {
        schema: {
          hide: true,
          querystring: z.object({ to: z.string().max(320).optional() }),
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return { messages: await mailer.list({ to: request.query.to }) };
      },
    );
  }
  if (payments instanceof TestPaymentProvider) {
    await app.register(testProviderHttp, {
      prefix: '/test-provider',
      engine: payments.engine,
      secretKey: payments.config.secretKey,
      publishableKey: payments.config.publishableKey,
      allowedReturnOrigins: config.corsOrigins,
    });
  }
  await app.register(
    async (v2) => {
      await v2.register(healthPlugin);
      await v2.register(paymentsPublicPlugin);
      await v2.register(notificationsPublicPlugin);
      await v2.register(async (secured) => {
        requireAuth(secured, verify);
        installCurrentAccount(secured);
        announceWrites(secured, app.writes);
        for (const plugin of domainPlugins) await secured.register(plugin);
        for (const plugin of options.extraPlugins ?? []) await secured.register(plugin);
      });
    },
    { prefix: '/v2' },
  );

  await app.ready();
  // Every plugin has registered its job kinds by now.
  await jobs.start();
  return app;
}
