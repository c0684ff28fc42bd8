// @ts-check
// The one origin users see (ARCHITECTURE §1): `/` the host's server, `/remotes/<name>/` each
// remote's own server, `/api/` the api (round robin over its processes). The identity provider
// keeps its own origin. Every answer leaves with the security headers (security-headers.mjs);
// an upstream's own Content-Security-Policy (the partner-portal page's) is kept.
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';
import { assetHeaders, originOf, pageHeaders } from './security-headers.mjs';

/**
 * @typedef {object} GatewayOptions
 * @property {string} host the host's static server, e.g. `http://127.0.0.1:3005`
 * @property {Record<string, string>} remotes remote name → its server, e.g. `{ mf_farms: 'http://127.0.0.1:3001' }`
 * @property {readonly string[]} api the api processes, tried in turn
 * @property {string} [idpUrl] the identity provider (its own origin), allowed in the pages' policy
 * @property {number} [restMs] how long an api process that refused a connection is left out of the turn (default 5 s)
 * @property {import('fastify').FastifyServerOptions['logger']} [logger]
 */

const REMOTE_NAME = /^[a-z][a-z0-9_-]*$/;

/**
 * Parses `mf_farms=http://…,mf_map=http://…` (GATEWAY_REMOTES).
 * @param {string} value
 * @returns {Record<string, string>}
 */
export function parseRemotes(value) {
  /** @type {Record<string, string>} */
  const remotes = {};
  for (const item of value.split(',').map((part) => part.trim())) {
    if (!item) continue;
    const [name, url] = item.split('=', 2).map((part) => part.trim());
    if (!name || !REMOTE_NAME.test(name) || !originOf(url)) {
      throw new Error(`GATEWAY_REMOTES: "${item}" is not name=http(s)://address`);
    }
    remotes[name] = /** @type {string} */ (url).replace(/\/+$/, '');
  }
  return remotes;
}

/**
 * Parses a comma list of http(s) addresses (GATEWAY_API_UPSTREAMS).
 * @param {string} name the variable, for the message
 * @param {string} value
 * @returns {string[]}
 */
export function parseUpstreams(name, value) {
  const items = value
    .split(',')
    .map((item) => item.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const item of items) if (!originOf(item)) throw new Error(`${name}: "${item}" is not an http(s) address`);
  if (!items.length) throw new Error(`${name}: at least one address is needed`);
  return items;
}

/**
 * Builds the gateway (not yet listening).
 * @param {GatewayOptions} options
 */
export async function createGateway(options) {
  const app = Fastify({ logger: options.logger ?? false, return503OnClosing: true });
  const idp = originOf(options.idpUrl);
  const fallbackPage = pageHeaders({
    connectOrigins: idp ? [idp] : [],
    frameOrigins: idp ? [idp] : [],
    previewsDocuments: true,
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(assetHeaders())) reply.header(name, value);
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !reply.hasHeader('content-security-policy')) {
      for (const [name, value] of Object.entries(fallbackPage)) reply.header(name, value);
    }
    return payload;
  });

  app.get('/gateway/health', async () => ({ status: 'ok' }));

  let next = 0;
  const apiUpstreams = [...options.api];
  // The proxy may ask more than once per request; the request keeps the process it was given.
  /** @type {WeakMap<object, string>} */
  const chosen = new WeakMap();
  // Passive health: a process that refused a connection (stopped, killed, restarting) is left out of
  // the turn for a few seconds, so one dead process does not fail every other call.
  /** @type {Map<string, number>} upstream → until when (ms) it is left out */
  const resting = new Map();
  const restMs = options.restMs ?? 5_000;
  const pickUpstream = () => {
    const now = Date.now();
    for (let tries = 0; tries < apiUpstreams.length; tries += 1) {
      const candidate = apiUpstreams[next % apiUpstreams.length] ?? '';
      next += 1;
      if ((resting.get(candidate) ?? 0) <= now) return candidate;
    }
    // Every process is resting: try the next one anyway (it may be back).
    const fallback = apiUpstreams[next % apiUpstreams.length] ?? '';
    next += 1;
    return fallback;
  };
  await app.register(proxy, {
    // No fixed base: the proxy then keeps a connection pool per api process (undici Agent).
    upstream: '',
    prefix: '/api',
    rewritePrefix: '',
    replyOptions: {
      // Round robin: each request goes to the next api process.
      getUpstream: (request) => {
        let upstream = chosen.get(request);
        if (upstream === undefined) {
          upstream = pickUpstream();
          chosen.set(request, upstream);
        }
        return upstream;
      },
      // An api process that cannot be reached: the API's error shape (never the internal address),
      // and that process rests while the others answer.
      onError: (reply, { error }) => {
        const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
        const unreachable = ['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'UND_ERR_SOCKET'].includes(
          cause?.code ?? /** @type {{ code?: string }} */ (error).code ?? '',
        );
        const upstream = chosen.get(reply.request);
        if (unreachable && upstream) resting.set(upstream, Date.now() + restMs);
        reply
          .code(unreachable ? 503 : 502)
          .header('retry-after', '1')
          .send({ detail: 'Paddock is restarting or busy. Please try again in a moment.' });
      },
    },
  });
  for (const [name, upstream] of Object.entries(options.remotes)) {
    await app.register(proxy, { upstream, prefix: `/remotes/${name}`, rewritePrefix: '' });
  }
  await app.register(proxy, { upstream: options.host, prefix: '/', rewritePrefix: '/' });
  return app;
}
