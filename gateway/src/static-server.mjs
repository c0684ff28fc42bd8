// @ts-check
// Serves one front end's dist the way a CDN would: long-lived caching for hashed chunks,
// no caching for the entry points, CORS for federated chunks, and (for the host) an SPA fallback
// plus the runtime files /config.json and /remotes.json, which are never baked into a build.
// Every answer carries the security headers of `security-headers.mjs`.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { assetHeaders, originOf, pageHeaders } from './security-headers.mjs';

/** @type {Record<string, string>} */
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
};

const isHashed = (/** @type {string} */ file) => /\.[0-9a-f]{8}\.js$/.test(file);

/**
 * @param {string} root
 * @param {string} urlPath
 * @returns {Promise<{ path: string, size: number } | null>}
 */
async function fileAt(root, urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  const full = normalize(join(root, decoded));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const info = await stat(full);
    if (info.isFile()) return { path: full, size: info.size };
    if (info.isDirectory()) {
      const index = join(full, 'index.html');
      const indexInfo = await stat(index).catch(() => null);
      if (indexInfo?.isFile()) return { path: index, size: indexInfo.size };
    }
  } catch {
    return null;
  }
  return null;
}

/**
 * Every http(s) URL inside a runtime file (config.json, remotes.json): the origins a page loads from.
 * @param {unknown} value
 * @returns {string[]}
 */
function urlsIn(value) {
  if (typeof value === 'string') return originOf(value) ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(urlsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn);
  return [];
}

/**
 * @typedef {object} StaticServerOptions
 * @property {string} dir the dist folder
 * @property {number} port 0 picks a free one
 * @property {string} [host] listen address (default 127.0.0.1)
 * @property {boolean} [spa] answer paths without an extension with /index.html (the host)
 * @property {Record<string, unknown | (() => unknown)>} [runtimeFiles] JSON answered at these paths; a
 *   function is called on every request, so a release can change the file without a restart
 * @property {{ paths: readonly string[], frameAncestors: readonly string[] }} [embeddable] pages that
 *   partners may frame and that call an API address their user gives (mf-map's partner portal)
 */

/**
 * @param {StaticServerOptions} options
 * @returns {Promise<{ url: string, port: number, close(): Promise<void> }>}
 */
export function startStaticServer({ dir, port, host = '127.0.0.1', spa = false, runtimeFiles = {}, embeddable }) {
  const root = normalize(dir);
  /** @param {string} path */
  const runtimeFile = (path) => {
    const entry = runtimeFiles[path];
    return typeof entry === 'function' ? entry() : entry;
  };
  // The host's pages load the remotes and call the api and the idp named in its runtime files.
  const pagePolicy = () => {
    const config = /** @type {{ idpUrl?: string, auth?: { domain?: string } } | undefined} */ (
      runtimeFile('/config.json')
    );
    const idp = [originOf(config?.idpUrl), originOf(config?.auth?.domain)].filter((item) => item !== null);
    return {
      scriptOrigins: urlsIn(runtimeFile('/remotes.json')).flatMap((url) => originOf(url) ?? []),
      connectOrigins: urlsIn(config).flatMap((url) => originOf(url) ?? []),
      frameOrigins: idp,
      previewsDocuments: true,
    };
  };
  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(assetHeaders())) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (urlPath in runtimeFiles) {
      res.writeHead(200, { 'Content-Type': types['.json'], 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(runtimeFile(urlPath)));
      return;
    }
    let file = await fileAt(root, urlPath);
    // Client-side routes: any path without a file extension gets the host page.
    if (!file && spa && !extname(urlPath)) file = await fileAt(root, '/index.html');
    if (!file) {
      res.writeHead(404, { 'Content-Type': types['.txt'] }).end('Not found');
      return;
    }
    const type = types[extname(file.path)] ?? 'application/octet-stream';
    if (type.startsWith('text/html')) {
      const headers = embeddable?.paths.includes(urlPath)
        ? pageHeaders({ frameAncestors: embeddable.frameAncestors, connectAnywhere: true })
        : pageHeaders(pagePolicy());
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': file.size,
      'Cache-Control': isHashed(file.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file.path).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
      resolve({
        url: `http://localhost:${actual}`,
        port: actual,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
