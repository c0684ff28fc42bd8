import type { FastifyPluginAsync } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

export interface ServeOptions {
  /** The api workspace folder (defaults of the data folder, the version). */
  apiRoot: string;
  /** More plugins behind the bearer check (the multi-process topology test adds its probes this way). */
  extraPlugins?: readonly FastifyPluginAsync[];
}

/**
 * The api as a process: configuration from the environment, listen, and a graceful stop on SIGTERM
 * or SIGINT (no new connections, requests and jobs in flight finish, then exit 0). On a bad
 * configuration it prints why and exits 1.
 */
export async function serve({ apiRoot, extraPlugins }: ServeOptions): Promise<void> {
  try {
    const config = loadConfig(process.env, apiRoot);
    const app = await buildApp({ config, logger: { level: process.env.LOG_LEVEL ?? 'info' }, extraPlugins });

    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, shutting down`);
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      // A keep-alive connection (the gateway's, a browser's) whose request is in flight becomes idle
      // only when that answer is sent; the server's close ends idle connections only once, at its start,
      // and would otherwise wait for the client to hang up (up to the 72 s keep-alive).
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      sweep.unref();
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
  } catch (error: unknown) {
    if (error instanceof ConfigError) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      console.error(`api: ${(error as Error).message}. Is the api already running?`);
    else console.error('api failed to start:', error);
    process.exit(1);
  }
}
