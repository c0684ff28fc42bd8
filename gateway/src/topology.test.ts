// The deployed topology without containers (docker-compose.yml's shape as OS processes on this
// machine): the gateway, two api processes on one fresh PostgreSQL database, the idp, the host's and
// the remotes' servers. Everything is checked from outside the processes, as a user or a provider
// would see it.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startAuthServer, TEST_ISSUER, type TestAuthServer } from '../../api/src/test/auth-server';
import { PG_TEST_URL } from '../../api/src/test/backends';
import type { Stack } from '../../scripts/lib/stack.mjs';
import { nginxSiteConfig } from './nginx-config.mjs';
import { assetHeaders } from './security-headers.mjs';

jest.setTimeout(120_000);

const REMOTES = ['mf_farms', 'mf_map', 'mf_commerce', 'mf_account'] as const;
const database = `paddock_topology_${process.pid}_${randomBytes(3).toString('hex')}`;
const owner = { sub: 'topology|owner', email: 'owner@topology.example', email_verified: true };
const collaborator = { sub: 'topology|viewer', email: 'viewer@topology.example', email_verified: true };

let dir: string;
let auth: TestAuthServer;
let stack: Stack;
let gatewayUrl: string;
/** The two api processes' own addresses ("process A" and "process B"). */
let direct: [string, string];
const tokens: Record<'owner' | 'collaborator', string> = { owner: '', collaborator: '' };
const logs: string[] = [];

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function call(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; json: () => unknown; text: string; headers: Headers }> {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, text, headers: response.headers, json: () => JSON.parse(text) as unknown };
}

async function ok<T>(base: string, path: string, init: Parameters<typeof call>[2] = {}): Promise<T> {
  const response = await call(base, path, init);
  if (response.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${response.text}`);
  return response.json() as T;
}

/** Drops the databases of runs that were killed before their cleanup (the process id in the name is gone). */
async function dropStaleDatabases(): Promise<void> {
  const client = new pg.Client({ connectionString: PG_TEST_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select datname as name from pg_database where datname like 'paddock\\_topology\\_%'",
    );
    for (const { name } of rows) {
      const pid = Number(/^paddock_topology_(\d+)_/.exec(name)?.[1]);
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (error) {
        alive = (error as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (pid && !alive) await client.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await client.end();
  }
}

/** Waits until `check` holds, up to `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not within ${ms} ms`);
}

const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });

/** The XYZ tile at zoom z holding a lon/lat. */
function tileAt(lon: number, lat: number, z: number): string {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

beforeAll(async () => {
  // A port offset of its own unless one is given, so a running `npm start` is left alone.
  process.env.PADDOCK_PORT_OFFSET ??= '700';
  dir = mkdtempSync(join(tmpdir(), 'paddock-topology-'));
  // nginx's workers (an unprivileged user under a root master) read the front ends' folders.
  chmodSync(dir, 0o755);
  // Small stand-in front ends, each saying who it is.
  const frontEndDirs: Record<string, string> = {};
  for (const name of ['host', ...REMOTES]) {
    const folder = join(dir, 'front-ends', name);
    mkdirSync(folder, { recursive: true });
    if (name === 'host') writeFileSync(join(folder, 'index.html'), '<!doctype html><title>Paddock</title>host page');
    else {
      writeFileSync(join(folder, 'remoteEntry.js'), `window.${name} = 'entry of ${name}';`);
      // A content-hashed chunk, big enough to be worth compressing.
      writeFileSync(join(folder, 'main.0a1b2c3d.js'), `window.${name}Chunk = '${'x'.repeat(4000)}';`);
    }
    frontEndDirs[name] = folder;
  }
  await dropStaleDatabases();
  await admin(`create database "${database}"`);
  auth = await startAuthServer();
  const { startStack, apiPort, urls } = await import('../../scripts/lib/stack.mjs');
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${database}`;
  stack = await startStack({
    dataDir: join(dir, 'data'),
    log: (line: string) => logs.push(line),
    apiProcesses: 2,
    apiEntry: join(__dirname, '../../api/src/test/topology-entry.ts'),
    frontEndDirs,
    // The edge docker-compose runs: Debian's nginx with deploy/nginx/nginx.conf.
    edge: 'nginx',
    extraEnv: {
      DATABASE_URL: url.toString(),
      AUTH_ISSUER: TEST_ISSUER,
      AUTH_JWKS_URL: auth.jwksUrl,
      JOBS_POLL_MS: '200',
      IMAGERY_WORKERS: '1',
      LOG_LEVEL: 'warn',
      // A configured base map: its tile origin is in the page's CSP (gateway/src/map-tile-origins.mjs).
      BASEMAP_URL: 'https://tiles.example.net/{z}/{x}/{y}.png',
    },
  });
  gatewayUrl = urls.host;
  direct = [`http://127.0.0.1:${apiPort(0)}`, `http://127.0.0.1:${apiPort(1)}`];
  tokens.owner = await auth.sign(owner, { expiresIn: 600 });
  tokens.collaborator = await auth.sign(collaborator, { expiresIn: 600 });
});

afterAll(async () => {
  await stack?.stop();
  await auth?.close();
  await admin(`drop database if exists "${database}" with (force)`);
  rmSync(dir, { recursive: true, force: true });
  // The processes' output, for a failed run: TOPOLOGY_LOG=<file>.
  if (process.env.TOPOLOGY_LOG) writeFileSync(process.env.TOPOLOGY_LOG, logs.join('\n'));
});

describe('nginx edge, two api processes and PostgreSQL as processes on this machine', () => {
  it('serves the host, every remote and the api on one origin, spreading api calls over both processes', async () => {
    const host = await call(gatewayUrl, '/farms/some/deep/link');
    expect(host.status).toBe(200);
    expect(host.text).toContain('host page');
    expect(host.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    for (const name of REMOTES) {
      const entry = await call(gatewayUrl, `/remotes/${name}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.text).toBe(`window.${name} = 'entry of ${name}';`);
      expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(await ok(gatewayUrl, '/api/health')).toMatchObject({ status: 'ok', database: 'postgres' });
    const pids = new Set<number>();
    for (let i = 0; i < 4; i += 1) {
      pids.add((await ok<{ pid: number }>(gatewayUrl, '/api/v2/topology/slow?ms=0', { token: tokens.owner })).pid);
    }
    expect(pids).toEqual(new Set(stack.apis.map((child) => child.pid)));
  });

  it('serves hashed chunks immutable for a year, entries and runtime files revalidated every time, compressed', async () => {
    const fetchWith = (path: string, encoding: string) =>
      fetch(`${gatewayUrl}${path}`, { headers: { 'accept-encoding': encoding } });
    const chunk = await fetchWith('/remotes/mf_farms/main.0a1b2c3d.js', 'br, gzip');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers.get('content-encoding')).toBe('br');
    expect(await chunk.text()).toContain("window.mf_farmsChunk = 'xxxx");
    const gzipped = await fetchWith('/remotes/mf_farms/main.0a1b2c3d.js', 'gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    for (const path of ['/remotes/mf_map/remoteEntry.js', '/remotes.json', '/config.json', '/', '/farms/1']) {
      const response = await fetchWith(path, 'gzip');
      expect([path, response.status, response.headers.get('cache-control')]).toEqual([path, 200, 'no-cache']);
      expect(response.headers.get('etag')).toBeTruthy();
    }
    expect(await ok(gatewayUrl, '/config.json')).toMatchObject({ apiUrl: `${gatewayUrl}/api/v2` });
  });

  it('serves a remote released by changing its folder and remotes.json at once (nothing stale)', async () => {
    const before = await ok<Record<string, string>>(gatewayUrl, '/remotes.json');
    expect(before.mf_account).toMatch(/\/remotes\/mf_account\/remoteEntry\.js$/);
    const released = join(dir, 'front-ends', 'mf_account-2');
    mkdirSync(released, { recursive: true });
    writeFileSync(join(released, 'remoteEntry.js'), "window.mf_account = 'release 2';");
    await stack.releaseRemote('mf_account', released, '2');
    const after = await ok<Record<string, string>>(gatewayUrl, '/remotes.json');
    expect(after.mf_account).toMatch(/\/remotes\/mf_account\/remoteEntry\.js\?release=2$/);
    expect((await call(gatewayUrl, '/remotes/mf_account/remoteEntry.js?release=2')).text).toBe(
      "window.mf_account = 'release 2';",
    );
  });

  it('sends the security headers of security-headers.mjs (the Node gateway’s) and leaves the api’s own', async () => {
    const page = await call(gatewayUrl, '/farms/some/deep/link');
    const expected = nginxSiteConfig({
      apiUpstreams: ['127.0.0.1:1'],
      publicOrigin: gatewayUrl,
      idpUrl: stack.urls.idp,
      mapTileOrigins: ['https://tiles.example.net'],
    });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/frame-ancestors 'none'/);
    // The api's BASEMAP_URL: its tiles' origin may be shown and fetched, nothing more.
    expect(csp).toMatch(/img-src [^;]*https:\/\/tiles\.example\.net/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/tiles\.example\.net/);
    expect(csp).not.toMatch(/script-src [^;]*tiles\.example\.net/);
    expect(expected).toContain(`$paddock_page_csp { default "${csp}"; }`);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    for (const [name, value] of Object.entries(assetHeaders())) expect(page.headers.get(name)).toBe(value);
    const entry = await call(gatewayUrl, '/remotes/mf_farms/remoteEntry.js');
    expect(entry.headers.get('content-security-policy')).toBeNull();
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');
    // The api's answers keep the api's stricter data policy, once.
    const health = await call(gatewayUrl, '/api/health');
    expect(health.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(health.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('refuses an api request over the size limit with 413 in the api’s error shape, before any of it is read', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(`${gatewayUrl}/api/v2/farms`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(300 * 1024 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ detail: 'This request is larger than Paddock accepts.' });
  });

  it('refuses a collaborator removed through process A on process B within 1 s, tile access cache included', async () => {
    const [a, b] = direct;
    await ok(b, '/v2/accounts/profile', { token: tokens.collaborator });
    const farm = await ok<{ id: string }>(a, '/v2/farms', {
      method: 'POST',
      token: tokens.owner,
      body: { data: { farm_name: 'Topology Downs' } },
    });
    const square = [
      [147.36, -35.12],
      [147.372, -35.12],
      [147.372, -35.111],
      [147.36, -35.111],
      [147.36, -35.12],
    ];
    const fields = await ok<{ features: { id: string }[] }>(a, `/v2/farms/${farm.id}/fields`, {
      method: 'POST',
      token: tokens.owner,
      body: {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            geometry: { type: 'Polygon', coordinates: [square] },
            properties: { field_name: 'North', field_crop_type: 'Wheat' },
          },
        ],
      },
    });
    const fieldId = fields.features[0]?.id ?? '';
    await ok(a, '/v2/farms/share_farm', {
      method: 'POST',
      token: tokens.owner,
      body: {
        data: { farm_ids: [farm.id], account_permission: [{ email: collaborator.email, permission: 'viewer' }] },
      },
    });

    // Process B answers the collaborator, and keeps their tile access for a few seconds.
    const catalog = await ok<{ features: { properties: { dates: { date: string }[] } }[] }>(
      b,
      `/v2/catalog?field_ids=${fieldId}&layer_filter=standard`,
      { token: tokens.collaborator },
    );
    const date = catalog.features[0]?.properties.dates[0]?.date;
    const tile = `/v2/tiles/standard_NDVI/${date}/${tileAt(147.366, -35.115, 14)}.png?field_ids=${fieldId}&color_stretch=fixed`;
    const before = await call(b, tile, { token: tokens.collaborator });
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('image/png');
    expect((await call(b, `/v2/farms/${farm.id}`, { token: tokens.collaborator })).status).toBe(200);

    await ok(a, `/v2/farms/${farm.id}/remove_collaborator/${collaborator.email}`, {
      method: 'POST',
      token: tokens.owner,
    });
    const removedAt = Date.now();
    await until(async () => (await call(b, tile, { token: tokens.collaborator })).status === 404, 1000, 'tile refused');
    const refusedAfterMs = Date.now() - removedAt;
    expect(refusedAfterMs).toBeLessThan(1000);
    expect((await call(b, tile, { token: tokens.owner })).status).toBe(200);
    const farmOnB = await call(b, `/v2/farms/${farm.id}`, { token: tokens.collaborator });
    expect(farmOnB.status).toBe(404);
    expect(farmOnB.json()).toEqual({ detail: 'Farm not found' });
  });

  it('applies an event delivered to both processes at once exactly once', async () => {
    const [a, b] = direct;
    const path = '/v2/topology/events/evt_topology_1';
    const answers = await Promise.all([
      ok<{ applied: boolean; pid: number }>(a, path, { method: 'POST', token: tokens.owner }),
      ok<{ applied: boolean; pid: number }>(b, path, { method: 'POST', token: tokens.owner }),
    ]);
    expect(answers.map((answer) => answer.applied).sort()).toEqual([false, true]);
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
    // A later retry of the same event (as a provider retries) changes nothing either.
    expect(await ok(b, path, { method: 'POST', token: tokens.owner })).toMatchObject({ applied: false });
    const { effects } = await ok<{ effects: { kind: string; key: string; pid: number }[] }>(a, '/v2/topology/effects', {
      token: tokens.owner,
    });
    const applied = answers.find((answer) => answer.applied);
    expect(effects.filter((effect) => effect.kind === 'event')).toEqual([
      { kind: 'event', key: 'evt_topology_1', pid: applied?.pid, attempt: null },
    ]);
  });

  it('retries a job whose worker process was killed mid-way (SIGKILL) on the other process, with its effect once', async () => {
    const [a] = direct;
    await ok(a, '/v2/topology/jobs/export-1', { method: 'POST', token: tokens.owner });
    type Effects = {
      effects: { kind: string; key: string; pid: number; attempt: number | null }[];
      jobStarts: { attempt: number; pid: number }[];
      jobs: { state: string; attempts: number }[];
    };
    let state: Effects = { effects: [], jobStarts: [], jobs: [] };
    const read = async (base: string) =>
      (state = await ok<Effects>(base, '/v2/topology/effects', { token: tokens.owner }));
    await until(async () => (await read(a)).jobStarts.length === 1, 10_000, 'the job started');
    const first = state.jobStarts[0];
    const worker = stack.apis.find((child) => child.pid === first?.pid);
    const survivor = stack.apis.find((child) => child !== worker);
    expect(worker).toBeDefined();
    const survivorUrl = direct[stack.apis.indexOf(survivor as ChildProcess)] as string;
    worker?.kill('SIGKILL');
    expect(await exited(worker as ChildProcess)).toEqual({ code: null, signal: 'SIGKILL' });

    // The lease (1.5 s) runs out and the surviving process runs the job again, to the end.
    await until(async () => (await read(survivorUrl)).effects.some((e) => e.kind === 'job'), 15_000, 'job effect');
    expect(state.effects.filter((effect) => effect.kind === 'job')).toEqual([
      { kind: 'job', key: 'export-1', pid: survivor?.pid, attempt: 2 },
    ]);
    expect(state.jobStarts).toEqual([
      { job_id: expect.any(String), attempt: 1, pid: worker?.pid },
      { job_id: expect.any(String), attempt: 2, pid: survivor?.pid },
    ]);
    // The job is done: nothing runs it a third time.
    expect(state.jobs).toEqual([{ state: 'done', attempts: 2 }]);
  });

  it('drains a request in flight through the edge on a graceful stop (it completes); the edge and the api exit with 0', async () => {
    const survivor = stack.apis.find((child) => child.exitCode === null && child.signalCode === null);
    const url = direct[stack.apis.indexOf(survivor as ChildProcess)] as string;
    // The slow probe sends its headers at once and its body after 1.5 s: the headers prove the request
    // is being handled when the signal comes. (A call may still reach the killed process once: the gateway answers 503 and then leaves it out.)
    let inFlight: Response | undefined;
    for (let attempt = 0; attempt < 2 && inFlight?.status !== 200; attempt += 1) {
      inFlight = await fetch(`${gatewayUrl}/api/v2/topology/slow?ms=1500`, {
        headers: { authorization: `Bearer ${tokens.owner}` },
      });
    }
    expect(inFlight?.status).toBe(200);
    const signalledAt = Date.now();
    // The edge's graceful stop (nginx: SIGQUIT, docker-compose's STOPSIGNAL for it).
    stack.gateway.kill(stack.gatewayStopSignal);
    survivor?.kill('SIGTERM');
    expect(JSON.parse((await inFlight?.text()) ?? '')).toEqual({ pid: survivor?.pid, waitedMs: 1500 });
    expect(Date.now() - signalledAt).toBeGreaterThan(1000);
    expect(await exited(survivor as ChildProcess)).toEqual({ code: 0, signal: null });
    expect(await exited(stack.gateway)).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(5000);
    // Closed processes take no new connection.
    await expect(fetch(`${url}/health`)).rejects.toThrow();
    await expect(fetch(`${gatewayUrl}/gateway/health`)).rejects.toThrow();
  });
});
