// Runs the composed system: idp and api as child processes, the five front ends from their dist
// folders (each on its own port, as deployed). Used by `npm start` and by the e2e suite.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from '../../gateway/src/static-server.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

// PADDOCK_PORT_OFFSET shifts every port, so two checkouts (or two e2e runs) can run side by side.
const portOffset = Number(process.env.PADDOCK_PORT_OFFSET ?? 0);
const defaultPorts = {
  host: 3000,
  mf_farms: 3001,
  mf_map: 3002,
  mf_commerce: 3003,
  mf_account: 3004,
  api: 4000,
  idp: 4400,
};
export const ports = Object.fromEntries(Object.entries(defaultPorts).map(([name, port]) => [name, port + portOffset]));
export const controlPort = 4990 + portOffset;
const remoteDirs = { mf_farms: 'mf-farms', mf_map: 'mf-map', mf_commerce: 'mf-commerce', mf_account: 'mf-account' };

export const urls = {
  host: `http://localhost:${ports.host}`,
  api: `http://localhost:${ports.api}`,
  idp: `http://localhost:${ports.idp}`,
};

export const demoUser = { email: 'demo@paddock.example', password: 'paddock-demo' };

const issuer = `${urls.idp}/`;
const audience = 'https://api.paddock.example';
const webOrigins = Object.entries(ports)
  .filter(([name]) => name === 'host' || name.startsWith('mf_'))
  .map(([, port]) => `http://localhost:${port}`);

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

function startNodeService(name, entry, env, log) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
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

function stopChild(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 5000).unref();
  });
}

/**
 * @param {{ dataDir: string, log?: (line: string) => void, extraEnv?: Record<string,string> }} options
 */
export async function startStack({ dataDir, log = console.log, extraEnv = {} }) {
  const busy = [];
  for (const [name, port] of Object.entries(ports)) if (!(await portIsFree(port))) busy.push(`${name} (${port})`);
  if (busy.length) throw new Error(`These ports are already in use: ${busy.join(', ')}. Is Paddock already running?`);

  const idp = startNodeService(
    'idp',
    join(repoRoot, 'idp/src/main.ts'),
    {
      PORT: String(ports.idp),
      DATA_DIR: join(dataDir, 'idp'),
      ISSUER: issuer,
      API_AUDIENCE: audience,
      WEB_ORIGINS: webOrigins.join(','),
      ...extraEnv,
    },
    log,
  );
  const api = startNodeService(
    'api',
    join(repoRoot, 'api/src/main.ts'),
    {
      PORT: String(ports.api),
      DATA_DIR: join(dataDir, 'api', 'pglite'),
      AUTH_ISSUER: issuer,
      AUTH_AUDIENCE: audience,
      CORS_ORIGINS: webOrigins.join(','),
      ...extraEnv,
    },
    log,
  );

  const frontEnds = {};
  const startFrontEnd = async (name) => {
    if (name === 'host') {
      frontEnds.host = await startStaticServer({
        dir: join(repoRoot, 'host/dist'),
        port: ports.host,
        spa: true,
        runtimeFiles: {
          '/config.json': {
            apiUrl: `${urls.api}/v2`,
            idpUrl: urls.idp,
            supportEmail: process.env.SUPPORT_EMAIL ?? 'support@paddock.example',
            auth: { domain: urls.idp, clientId: 'paddock-web', audience },
          },
          '/remotes.json': Object.fromEntries(
            Object.keys(remoteDirs).map((remote) => [remote, `http://localhost:${ports[remote]}/remoteEntry.js`]),
          ),
        },
      });
    } else {
      frontEnds[name] = await startStaticServer({ dir: join(repoRoot, remoteDirs[name], 'dist'), port: ports[name] });
    }
  };
  const stopFrontEnd = async (name) => {
    await frontEnds[name]?.close();
    delete frontEnds[name];
  };

  const stopAll = async () => {
    await Promise.all(Object.keys(frontEnds).map(stopFrontEnd));
    await Promise.all([stopChild(idp), stopChild(api)]);
  };

  try {
    await Promise.all(['host', ...Object.keys(remoteDirs)].map(startFrontEnd));
    await Promise.all([waitFor(`${urls.idp}/health`, idp, 'idp'), waitFor(`${urls.api}/health`, api, 'api')]);
  } catch (error) {
    await stopAll();
    throw error;
  }

  return { urls, startFrontEnd, stopFrontEnd, stop: stopAll };
}
