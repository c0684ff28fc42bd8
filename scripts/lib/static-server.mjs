// Serves one front end's dist the way a CDN would: long-lived caching for hashed chunks,
// no caching for the entry points, CORS for federated chunks, and (for the host) an SPA fallback
// plus the runtime files /config.json and /remotes.json, which are never baked into a build.
import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

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

const isHashed = (file) => /\.[0-9a-f]{8}\.js$/.test(file);

async function fileAt(root, urlPath) {
  const decoded = decodeURIComponent(urlPath.split('?')[0]);
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
 * @param {{ dir: string, port: number, spa?: boolean, runtimeFiles?: Record<string, unknown> }} options
 * @returns {Promise<{ url: string, close(): Promise<void> }>}
 */
export function startStaticServer({ dir, port, spa = false, runtimeFiles = {} }) {
  const root = normalize(dir);
  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (urlPath in runtimeFiles) {
      res.writeHead(200, { 'Content-Type': types['.json'], 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(runtimeFiles[urlPath]));
      return;
    }
    let file = await fileAt(root, urlPath);
    // Client-side routes: any path without a file extension gets the host page.
    if (!file && spa && !extname(urlPath)) file = await fileAt(root, '/index.html');
    if (!file) {
      res.writeHead(404, { 'Content-Type': types['.txt'] }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'Content-Type': types[extname(file.path)] ?? 'application/octet-stream',
      'Content-Length': file.size,
      'Cache-Control': isHashed(file.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file.path).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        url: `http://localhost:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
