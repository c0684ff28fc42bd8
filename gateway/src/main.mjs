#!/usr/bin/env node
// @ts-check
// `npm start -w gateway`: the gateway as its own process (docker-compose's `gateway` service).
import { createGateway, parseRemotes, parseUpstreams } from './gateway.mjs';

const env = process.env;
const value = (/** @type {string} */ name, /** @type {string} */ fallback) => env[name]?.trim() || fallback;

let gateway;
try {
  gateway = await createGateway({
    host: parseUpstreams('GATEWAY_HOST_UPSTREAM', value('GATEWAY_HOST_UPSTREAM', 'http://127.0.0.1:3005'))[0] ?? '',
    remotes: parseRemotes(
      value(
        'GATEWAY_REMOTES',
        'mf_farms=http://127.0.0.1:3001,mf_map=http://127.0.0.1:3002,mf_commerce=http://127.0.0.1:3003,mf_account=http://127.0.0.1:3004',
      ),
    ),
    api: parseUpstreams('GATEWAY_API_UPSTREAMS', value('GATEWAY_API_UPSTREAMS', 'http://127.0.0.1:4000')),
    idpUrl: value('IDP_URL', 'http://localhost:4400'),
    logger: { level: value('LOG_LEVEL', 'warn') },
  });
} catch (error) {
  console.error(`gateway: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}

const port = Number(value('PORT', '3000'));
await gateway.listen({ port, host: value('HOST', '127.0.0.1') });
console.log(`gateway listening on http://localhost:${port}`);

// SIGTERM: stop taking connections, let requests in flight finish, then exit.
let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  // Keep-alive connections with a request in flight become idle when it is answered: close them then.
  setInterval(() => gateway.server.closeIdleConnections(), 100).unref();
  gateway.close().then(() => process.exit(0));
};
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
