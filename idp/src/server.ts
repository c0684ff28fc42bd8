// Wires the idp together and runs it in a plain node http server.
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OidcStore } from './adapter';
import { adaptNodeRequest, auth0CompatRoutes } from './auth0-compat';
import { managementAudience, resolveConfig, type IdpConfig, type StartIdpOptions } from './config';
import { devRoutes } from './dev-routes';
import { HttpError } from './http';
import { interactionRoutes } from './interactions';
import { jobRoutes } from './jobs';
import { managementRoutes } from './management';
import { Mailbox } from './mailbox';
import { createProvider } from './provider';
import { loadOrCreateSecrets, publicJwk } from './secrets';
import { SignInThrottle } from './throttle';
import { createAccessTokenVerifier } from './tokens';
import { UserStore } from './users';
import { VerificationTickets } from './verification';

export type { StartIdpOptions } from './config';

export interface RunningIdp {
  /** Where the server listens, e.g. `http://localhost:4400` (no trailing slash). */
  url: string;
  /** The issuer identifier, e.g. `http://localhost:4400/`. */
  issuer: string;
  port: number;
  config: IdpConfig;
  /** Stops accepting requests, ends open connections and writes pending data. */
  close(): Promise<void>;
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

function listen(server: http.Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function sendPlainError(res: http.ServerResponse, status: number, description: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    JSON.stringify({ error: status >= 500 ? 'server_error' : 'invalid_request', error_description: description }),
  );
}

export async function startIdp(options: StartIdpOptions): Promise<RunningIdp> {
  // Check the options before binding the port (the real issuer default needs the bound port).
  resolveConfig(options, options.port || 1);
  // Private: it holds the signing key and password hashes.
  await fs.mkdir(options.dataDir, { recursive: true, mode: 0o700 });

  let handler: Handler = (_req, res) => sendPlainError(res, 503, 'the identity provider is starting');
  const server = http.createServer((req, res) => handler(req, res));
  // Long enough for keep-alive reuse by browsers and the API's JWKS fetches.
  server.keepAliveTimeout = 10_000;
  await listen(server, options.port, options.host);
  const { port } = server.address() as AddressInfo;

  let stores: { flush(): Promise<void> }[] = [];
  try {
    const config = resolveConfig(options, port);
    const [secrets, users, store, mailbox, tickets, throttle] = await Promise.all([
      loadOrCreateSecrets(config.dataDir),
      UserStore.open(config.dataDir),
      OidcStore.open(config.dataDir),
      Mailbox.open(config.dataDir, config.log, { logLinks: !config.production }),
      VerificationTickets.open(config.dataDir),
      SignInThrottle.open(config.dataDir, config.signInThrottle),
    ]);
    stores = [users, store, mailbox, tickets, throttle];
    // The demo user's password is published: development only.
    if (!config.production) await users.ensureDemoUser();

    const provider = createProvider({ config, secrets, users, store });
    // An https issuer means TLS ends at a reverse proxy: trust its X-Forwarded-* headers.
    provider.proxy = config.issuer.startsWith('https:');
    const verifyAccessToken = await createAccessTokenVerifier({
      publicKey: publicJwk(secrets.signingKey),
      issuer: config.issuer,
      audience: config.apiAudience,
    });
    const verifyManagementToken = await createAccessTokenVerifier({
      publicKey: publicJwk(secrets.signingKey),
      issuer: config.issuer,
      audience: managementAudience(config.issuer),
    });
    // Our routes run before oidc-provider's own (provider.use inserts ahead of them).
    provider.use(devRoutes({ config, users, mailbox }));
    provider.use(managementRoutes({ config, users, verifyManagementToken, mailbox, tickets }));
    provider.use(jobRoutes({ config, provider, users, mailbox, tickets, verifyAccessToken }));
    provider.use(auth0CompatRoutes({ config, provider, users, verifyAccessToken }));
    provider.use(interactionRoutes({ config, provider, users, throttle, mailbox, tickets }));
    provider.on('server_error', (_ctx, error) => config.log(`idp server error: ${error.stack ?? error.message}`));

    const callback = provider.callback();
    handler = (req, res) => {
      adaptNodeRequest(req)
        .then((adapted) => callback(adapted, res))
        .catch((error: unknown) => {
          if (error instanceof HttpError) {
            sendPlainError(res, error.status, error.message);
            return;
          }
          config.log(`idp request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
          sendPlainError(res, 500, 'internal error');
        });
    };

    let closing: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      issuer: config.issuer,
      port,
      config,
      close: () => {
        closing ??= (async () => {
          const closed = new Promise<void>((resolve) => server.close(() => resolve()));
          server.closeIdleConnections();
          // Requests still running get a moment to finish, then their connections are cut.
          const force = setTimeout(() => server.closeAllConnections(), 3000);
          await closed;
          clearTimeout(force);
          await Promise.all(stores.map((item) => item.flush()));
        })();
        return closing;
      },
    };
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all(stores.map((item) => item.flush()));
    throw error;
  }
}
