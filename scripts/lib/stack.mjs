// Runs the composed system as deployed, without containers: idp, api process(es) and the gateway as
// child processes, the five front ends from their dist folders (each on its own server), and the
// gateway in front of them all on one origin. Used by `npm start`, the bench and the e2e suite.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../../api/node-flags.mjs';
import { mapTileOrigins as tileOriginsOf } from '../../gateway/src/map-tile-origins.mjs';
import { nginxSiteConfig } from '../../gateway/src/nginx-config.mjs';
import { startStaticServer } from '../../gateway/src/static-server.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// PADDOCK_PORT_OFFSET shifts every port, so two checkouts (or two e2e runs) can run side by side.
const portOffset = Number(process.env.PADDOCK_PORT_OFFSET ?? 0);
const defaultPorts = {
  gateway: 3000,
  mf_farms: 3001,
  mf_map: 3002,
  mf_commerce: 3003,
  mf_account: 3004,
  host: 3005,
  api: 4000,
  idp: 4400,
};
export const ports = Object.fromEntries(Object.entries(defaultPorts).map(([name, port]) => [name, port + portOffset]));
export const controlPort = 4990 + portOffset;
/** The port of the n-th api process (0-based) when the stack runs more than one. */
export const apiPort = (index) => ports.api + index;
const remoteDirs = { mf_farms: 'mf-farms', mf_map: 'mf-map', mf_commerce: 'mf-commerce', mf_account: 'mf-account' };

const gatewayUrl = `http://localhost:${ports.gateway}`;
/**
 * What a user (and the e2e suite) talks to: the gateway's one origin for the host, the remotes
 * (`/remotes/<name>/`) and the api (`/api/`); the idp on its own origin. `apiDirect` is the first api
 * process without the gateway (the bench compares the two).
 */
export const urls = {
  host: gatewayUrl,
  api: `${gatewayUrl}/api`,
  apiDirect: `http://localhost:${ports.api}`,
  idp: `http://localhost:${ports.idp}`,
};
/** Where the gateway serves a remote's files. */
export const remoteUrl = (name) => `${gatewayUrl}/remotes/${name}`;

export const demoUser = { email: 'demo@paddock.example', password: 'paddock-demo' };

const issuer = `${urls.idp}/`;
const audience = 'https://api.paddock.example';
// The gateway's origin first (the idp's "Back to Paddock" links go there), then each front end's
// own server, which a remote's standalone dev harness may use.
const webOrigins = [
  gatewayUrl,
  ...Object.entries(ports)
    .filter(([name]) => name === 'host' || name.startsWith('mf_'))
    .map(([, port]) => `http://localhost:${port}`),
];

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .once('listening', () => probe.close(() => resolve(true)));
    probe.listen(port, '127.0.0.1');
  });
}

async function waitFor(url, child, name, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${timeoutMs / 1000}s`);
}

function startNodeService(name, entry, env, log, nodeFlags = []) {
  // TypeScript sources run through tsx; compiled JavaScript (the api's dist) runs as is.
  const args = entry.endsWith('.ts') ? [...nodeFlags, '--import', 'tsx', entry] : [...nodeFlags, entry];
  return startProcess(name, process.execPath, args, env, log);
}

function startProcess(name, command, args, env, log) {
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = (chunk) =>
    chunk
      .toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => log(`[${name}] ${line}`));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  return child;
}

/** Whether a child process has ended (by itself, or killed by a signal). */
const ended = (child) => child.exitCode !== null || child.signalCode !== null;

function stopChild(child, signal = 'SIGTERM') {
  if (ended(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
    setTimeout(() => !ended(child) && child.kill('SIGKILL'), 5000).unref();
  });
}

/** The api's entry: compiled JavaScript when `compiled` (npm start builds it), else its TypeScript source. */
function apiEntry(compiled) {
  const dist = join(repoRoot, 'api/dist/main.js');
  if (compiled && existsSync(dist)) return dist;
  return join(repoRoot, 'api/src/main.ts');
}

/** Points `link` at `target` in one step (a new link renamed over the old one). */
function relink(target, link) {
  const fresh = `${link}.${process.pid}.${Date.now()}`;
  symlinkSync(target, fresh);
  renameSync(fresh, link);
}

/**
 * The nginx edge (deploy/nginx/nginx.conf, the same file docker-compose runs) in front of the api
 * processes, serving the front ends' folders (linked under its prefix) and the runtime files.
 * Debian's nginx (`nginx-light` and `libnginx-mod-http-brotli-filter`); its master process stays in
 * the foreground, and SIGQUIT is its graceful stop (as docker-compose's STOPSIGNAL).
 */
function startNginxEdge({ prefix, runtimeDir, frontEndFolders, apiPorts, mapTileOrigins, log }) {
  for (const dir of ['conf', 'html/remotes', 'logs', 'tmp']) mkdirSync(join(prefix, dir), { recursive: true });
  // nginx's workers run as an unprivileged user when the master is root: the folders must be readable.
  for (const dir of [dirname(prefix), prefix, join(prefix, 'html'), join(prefix, 'html/remotes'), runtimeDir])
    chmodSync(dir, 0o755);
  copyFileSync(join(repoRoot, 'deploy/nginx/nginx.conf'), join(prefix, 'conf/nginx.conf'));
  writeFileSync(
    join(prefix, 'conf/site.conf'),
    nginxSiteConfig({
      apiUpstreams: apiPorts.map((port) => `127.0.0.1:${port}`),
      publicOrigin: gatewayUrl,
      idpUrl: urls.idp,
      partnerFrameAncestors: process.env.PARTNER_FRAME_ANCESTORS ?? '*',
      mapTileOrigins,
    }),
  );
  writeFileSync(join(prefix, 'conf/listen.conf'), `listen 127.0.0.1:${ports.gateway};\n`);
  relink(runtimeDir, join(prefix, 'runtime'));
  for (const [name, folder] of Object.entries(frontEndFolders)) {
    relink(folder, name === 'host' ? join(prefix, 'html/host') : join(prefix, 'html/remotes', name));
  }
  return startProcess(
    'nginx',
    'nginx',
    ['-p', `${prefix}/`, '-c', join(prefix, 'conf/nginx.conf'), '-g', 'daemon off;'],
    {},
    log,
  );
}

/**
 * Starts idp, api process(es), the five front-end servers and the gateway in front of them.
 * @param {{ dataDir: string, log?: (line: string) => void, extraEnv?: Record<string,string>,
 *   apiProcesses?: number, compiledApi?: boolean, apiEntry?: string,
 *   frontEndDirs?: Record<string, string> }} options
 *   `apiProcesses` > 1 needs PostgreSQL (`extraEnv.DATABASE_URL`): PGlite is one process's database.
 *   `apiEntry` replaces the api's entry file (the topology test's probes); `frontEndDirs` serves
 *   other folders than the `dist` of `host` or a remote (by name: `host`, `mf_farms`, …).
 *   `edge`: `node` (the Node gateway, default) or `nginx` (deploy/nginx/nginx.conf, serving the front
 *   ends' folders itself, as docker-compose runs it).
 */
export async function startStack({
  dataDir,
  log = console.log,
  extraEnv = {},
  apiProcesses = 1,
  compiledApi = false,
  apiEntry: apiEntryFile,
  frontEndDirs = {},
  edge = 'node',
}) {
  if (apiProcesses > 1 && !extraEnv.DATABASE_URL) throw new Error('More than one api process needs DATABASE_URL');
  const wanted = {
    ...ports,
    ...Object.fromEntries(Array.from({ length: apiProcesses }, (_, i) => [`api ${i + 1}`, apiPort(i)])),
  };
  const busy = [];
  for (const [name, port] of Object.entries(wanted)) if (!(await portIsFree(port))) busy.push(`${name} (${port})`);
  if (busy.length) throw new Error(`These ports are already in use: ${busy.join(', ')}. Is Paddock already running?`);

  const nodeEnv = { NODE_ENV: process.env.NODE_ENV ?? 'development' };
  const idp = startNodeService(
    'idp',
    join(repoRoot, 'idp/src/main.ts'),
    {
      ...nodeEnv,
      PORT: String(ports.idp),
      DATA_DIR: join(dataDir, 'idp'),
      ISSUER: issuer,
      API_AUDIENCE: audience,
      WEB_ORIGINS: webOrigins.join(','),
      ...extraEnv,
    },
    log,
  );
  const apis = Array.from({ length: apiProcesses }, (_, index) =>
    startNodeService(
      apiProcesses > 1 ? `api ${index + 1}` : 'api',
      apiEntryFile ?? apiEntry(compiledApi),
      {
        ...nodeEnv,
        PORT: String(apiPort(index)),
        DATA_DIR: join(dataDir, 'api', 'pglite'),
        EXPORTS_DIR: join(dataDir, 'api', 'exports'),
        AUTH_ISSUER: issuer,
        AUTH_AUDIENCE: audience,
        CORS_ORIGINS: webOrigins.join(','),
        // Browsers reach the api through the gateway: the test payment provider's pages live under it.
        PUBLIC_API_URL: urls.api,
        // Links in e-mails (farm invitations) open the web app through the gateway.
        APP_URL: gatewayUrl,
        ...extraEnv,
      },
      log,
      API_NODE_FLAGS,
    ),
  );

  // remotes.json is a file the host's server reads on every request: a remote's release changes only it.
  // A configured base map (BASEMAP_URL, or the live preset's) is loaded by the page as plain images:
  // its origin goes in the host's runtime config, whose addresses the page's CSP allows.
  const mapTileOrigins = tileOriginsOf({ ...process.env, ...extraEnv });
  const runtimeDir = join(dataDir, 'runtime');
  mkdirSync(runtimeDir, { recursive: true });
  const remotesFile = join(runtimeDir, 'remotes.json');
  const writeRemotes = (entries) => writeFileSync(remotesFile, `${JSON.stringify(entries, null, 2)}\n`);
  writeRemotes(Object.fromEntries(Object.keys(remoteDirs).map((name) => [name, `${remoteUrl(name)}/remoteEntry.js`])));
  const readRemotes = () => JSON.parse(readFileSync(remotesFile, 'utf8'));

  const partnerFrameAncestors = (process.env.PARTNER_FRAME_ANCESTORS ?? '*').split(/[\s,]+/).filter(Boolean);
  const remoteSources = Object.fromEntries(
    Object.entries(remoteDirs).map(([name, folder]) => [name, frontEndDirs[name] ?? join(repoRoot, folder, 'dist')]),
  );
  const frontEnds = {};
  const startFrontEnd = async (name, dir) => {
    if (name === 'host') {
      frontEnds.host = await startStaticServer({
        dir: frontEndDirs.host ?? join(repoRoot, 'host/dist'),
        port: ports.host,
        spa: true,
        runtimeFiles: {
          '/config.json': {
            apiUrl: `${urls.api}/v2`,
            idpUrl: urls.idp,
            supportEmail: process.env.SUPPORT_EMAIL ?? 'support@paddock.example',
            auth: { domain: urls.idp, clientId: 'paddock-web', audience },
            mapTileOrigins,
          },
          '/remotes.json': readRemotes,
        },
      });
    } else {
      if (dir) remoteSources[name] = dir;
      frontEnds[name] = await startStaticServer({
        dir: remoteSources[name],
        port: ports[name],
        embeddable: { paths: ['/partner-portal.html'], frameAncestors: partnerFrameAncestors },
      });
    }
  };
  const stopFrontEnd = async (name) => {
    await frontEnds[name]?.close();
    delete frontEnds[name];
  };
  /** A remote's release: its server now serves `dir`, and remotes.json points at the new entry. */
  const releaseRemote = async (name, dir, release) => {
    await stopFrontEnd(name);
    await startFrontEnd(name, dir);
    if (edge === 'nginx') relink(dir, join(dataDir, 'edge', 'html/remotes', name));
    writeRemotes({
      ...readRemotes(),
      [name]: `${remoteUrl(name)}/remoteEntry.js?release=${encodeURIComponent(release)}`,
    });
  };

  const gatewayStopSignal = edge === 'nginx' ? 'SIGQUIT' : 'SIGTERM';
  if (edge === 'nginx') {
    // The same runtime files the host's server answers, as files nginx reads on every request.
    writeFileSync(
      join(runtimeDir, 'config.json'),
      `${JSON.stringify({
        apiUrl: `${urls.api}/v2`,
        idpUrl: urls.idp,
        supportEmail: process.env.SUPPORT_EMAIL ?? 'support@paddock.example',
        auth: { domain: urls.idp, clientId: 'paddock-web', audience },
        mapTileOrigins,
      })}\n`,
    );
  }
  const gateway =
    edge === 'nginx'
      ? startNginxEdge({
          prefix: join(dataDir, 'edge'),
          runtimeDir,
          frontEndFolders: { host: frontEndDirs.host ?? join(repoRoot, 'host/dist'), ...remoteSources },
          apiPorts: apis.map((_, index) => apiPort(index)),
          mapTileOrigins,
          log,
        })
      : startNodeService(
          'gateway',
          join(repoRoot, 'gateway/src/main.mjs'),
          {
            PORT: String(ports.gateway),
            GATEWAY_HOST_UPSTREAM: `http://127.0.0.1:${ports.host}`,
            GATEWAY_REMOTES: Object.keys(remoteDirs)
              .map((name) => `${name}=http://127.0.0.1:${ports[name]}`)
              .join(','),
            GATEWAY_API_UPSTREAMS: apis.map((_, index) => `http://127.0.0.1:${apiPort(index)}`).join(','),
            IDP_URL: urls.idp,
          },
          log,
        );

  const stopAll = async () => {
    await stopChild(gateway, gatewayStopSignal);
    await Promise.all(Object.keys(frontEnds).map(stopFrontEnd));
    await Promise.all([stopChild(idp), ...apis.map(stopChild)]);
  };

  try {
    await Promise.all(['host', ...Object.keys(remoteDirs)].map((name) => startFrontEnd(name)));
    await Promise.all([
      waitFor(`${urls.idp}/health`, idp, 'idp'),
      waitFor(`http://localhost:${ports.gateway}/gateway/health`, gateway, 'gateway'),
      ...apis.map((api, index) =>
        waitFor(`http://localhost:${apiPort(index)}/health`, api, `api ${index + 1}`, 120_000),
      ),
    ]);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return {
    urls,
    apis,
    gateway,
    gatewayStopSignal,
    startFrontEnd,
    stopFrontEnd,
    releaseRemote,
    remotesFile,
    stop: stopAll,
  };
}
