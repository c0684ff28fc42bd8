import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, apiRoot);
  const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' } });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where =
    config.database.kind === 'pglite' ? `PGlite in ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  app.log.info(`database: ${where}; tokens from ${config.auth.issuer} for ${config.auth.audience}`);
  console.log(`api listening on http://localhost:${config.port}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
    console.error(`api: ${(error as Error).message}. Is the api already running?`);
  else console.error('api failed to start:', error);
  process.exit(1);
});
