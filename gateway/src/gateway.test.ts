import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGateway, parseRemotes, parseUpstreams } from './gateway.mjs';
import { livePreset, mapTileOrigins } from './map-tile-origins.mjs';
import { composeSite, nginxSiteConfig } from './nginx-config.mjs';
import { startStaticServer } from './static-server.mjs';

const closers: (() => Promise<unknown>)[] = [];
let dir: string;
let gateway: string;

/** A stand-in api process that says which process answered and echoes the path and body. */
async function fakeApi(name: string): Promise<string> {
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ process: name, path: req.url, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function frontEnd(
  name: string,
  files: Record<string, string>,
  options: { spa?: boolean; runtime?: Record<string, unknown> } = {},
) {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);
  const server = await startStaticServer({
    dir: root,
    port: 0,
    spa: options.spa,
    runtimeFiles: options.runtime,
    embeddable: { paths: ['/partner-portal.html'], frameAncestors: ['https://partner.example'] },
  });
  closers.push(() => server.close());
  return `http://127.0.0.1:${server.port}`;
}

let release = 1;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const host = await frontEnd(
    'host',
    { 'index.html': '<!doctype html><title>host</title>' },
    {
      spa: true,
      runtime: {
        '/config.json': { apiUrl: '/api/v2', idpUrl: 'http://localhost:4400' },
        '/remotes.json': () => ({ mf_map: `/remotes/mf_map/remoteEntry.js?release=${release}` }),
      },
    },
  );
  const map = await frontEnd('mf_map', {
    'remoteEntry.js': 'window.mf_map = {};',
    'partner-portal.html': '<!doctype html><title>portal</title>',
  });
  const app = await createGateway({
    host,
    remotes: { mf_map: map },
    api: [await fakeApi('a'), await fakeApi('b')],
    idpUrl: 'http://localhost:4400',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  gateway = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

/** The sources of one directive of a Content-Security-Policy ([] when absent). */
const directive = (policy: string, name: string): string[] =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

describe('the gateway: one origin for the host, the remotes and the api', () => {
  it('serves the host page at / and for client-side routes, framed by nobody', async () => {
    for (const path of ['/', '/farms/123']) {
      const response = await fetch(`${gateway}${path}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>host</title>');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain('http://localhost:4400');
      // The tax-document preview frames the PDF's blob: URL; that is all that is added (no plugins).
      expect(directive(csp, 'frame-src')).toEqual(["'self'", 'blob:', 'http://localhost:4400']);
      expect(directive(csp, 'object-src')).toEqual(["'none'"]);
      expect(directive(csp, 'child-src')).toEqual([]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it("serves each remote's files under /remotes/<name>/ and its embeddable page framed by partners only", async () => {
    const entry = await fetch(`${gateway}/remotes/mf_map/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe('window.mf_map = {};');
    expect(entry.headers.get('x-content-type-options')).toBe('nosniff');

    const portal = await fetch(`${gateway}/remotes/mf_map/partner-portal.html`);
    expect(portal.headers.get('content-security-policy')).toContain('frame-ancestors https://partner.example');
    expect(directive(portal.headers.get('content-security-policy') ?? '', 'frame-src')).not.toContain('blob:');
    expect(portal.headers.get('x-frame-options')).toBeNull();
  });

  it('sends /api/ to the api processes in turn, without the prefix, bodies included', async () => {
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${gateway}/api/v2/farms?limit=5`, { method: 'POST', body: `call ${i}` });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      answers.push((await response.json()) as { process: string; path: string; body: string });
    }
    expect(answers.map((answer) => answer.process)).toEqual(['a', 'b', 'a', 'b']);
    expect(answers[3]).toMatchObject({ path: '/v2/farms?limit=5', body: 'call 3' });
  });

  it('answers remotes.json fresh on every request, so a release changes it without a restart', async () => {
    const before = await (await fetch(`${gateway}/remotes.json`)).json();
    release = 2;
    const after = await (await fetch(`${gateway}/remotes.json`)).json();
    expect(before).toEqual({ mf_map: '/remotes/mf_map/remoteEntry.js?release=1' });
    expect(after).toEqual({ mf_map: '/remotes/mf_map/remoteEntry.js?release=2' });
  });

  it('has its own health answer', async () => {
    const response = await fetch(`${gateway}/gateway/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe('the gateway when an api process is down', () => {
  it('answers in the API’s error shape and leaves the dead process out while the other answers', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const dead = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
    await new Promise((resolve) => probe.close(resolve));
    const app = await createGateway({ host: 'http://127.0.0.1:9', remotes: {}, api: [dead, await fakeApi('c')] });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const first = await fetch(`${base}/api/v2/farms`);
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    const text = await first.text();
    expect(JSON.parse(text)).toEqual({ detail: 'Paddock is restarting or busy. Please try again in a moment.' });
    expect(text).not.toContain('127.0.0.1');
    const next = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${base}/api/v2/farms`);
      next.push(response.status === 200 ? ((await response.json()) as { process: string }).process : response.status);
    }
    expect(next).toEqual(['c', 'c', 'c', 'c']);
  });
});

describe('the gateway configuration', () => {
  it('reads remotes and upstream lists and names the variable of a bad entry', () => {
    expect(parseRemotes('mf_farms=http://a:3001/, mf_map=http://b:3002')).toEqual({
      mf_farms: 'http://a:3001',
      mf_map: 'http://b:3002',
    });
    expect(() => parseRemotes('mf_farms')).toThrow('GATEWAY_REMOTES: "mf_farms" is not name=http(s)://address');
    expect(parseUpstreams('GATEWAY_API_UPSTREAMS', 'http://a:4000, http://b:4000/')).toEqual([
      'http://a:4000',
      'http://b:4000',
    ]);
    expect(() => parseUpstreams('GATEWAY_API_UPSTREAMS', 'ftp://x')).toThrow('GATEWAY_API_UPSTREAMS');
  });
});

// A configured base map's tiles are plain images from their own origin: every edge allows that origin
// in the page's img-src and connect-src, from the api's own variables (BASEMAP_URL, PADDOCK_LIVE).
const WMTS =
  'https://wmts.example.gov.au/wmts/1.0.0/Imagery/default/GoogleMapsCompatible/{TileMatrix}/{TileRow}/{TileCol}.jpg';

/** The page policy of an nginx site part. */
const nginxPagePolicy = (site: string) => /\$paddock_page_csp \{ default "([^"]*)"; \}/.exec(site)?.[1] ?? '';

describe("a configured base map's tile origin", () => {
  it('is read from BASEMAP_URL (XYZ or WMTS), else from the live preset when PADDOCK_LIVE is on', () => {
    expect(mapTileOrigins({})).toEqual([]);
    expect(mapTileOrigins({ BASEMAP_URL: 'https://tiles.example:8443/{z}/{x}/{-y}.png' })).toEqual([
      'https://tiles.example:8443',
    ]);
    expect(mapTileOrigins({ BASEMAP_URL: WMTS })).toEqual(['https://wmts.example.gov.au']);
    expect(mapTileOrigins({ PADDOCK_LIVE: '1' })).toEqual([new URL(livePreset().BASEMAP_URL ?? '').origin]);
    expect(mapTileOrigins({ PADDOCK_LIVE: 'off' })).toEqual([]);
    // BASEMAP_URL chooses the base map even when live (as the api reads it).
    expect(mapTileOrigins({ PADDOCK_LIVE: 'yes', BASEMAP_URL: WMTS })).toEqual(['https://wmts.example.gov.au']);
    expect(mapTileOrigins({ BASEMAP_URL: 'ftp://tiles.example/{z}/{x}/{y}' })).toEqual([]);
  });

  it('is allowed in img-src and connect-src by the Node edge and by nginx alike, and nothing else is', async () => {
    const env = { BASEMAP_URL: WMTS };
    const origins = mapTileOrigins(env);
    // nginx: the site part generated for docker-compose with the api's variables.
    const nginxPolicy = nginxPagePolicy(nginxSiteConfig({ ...composeSite, mapTileOrigins: origins }));
    // The Node edge: the host's static server with the runtime config scripts/lib/stack.mjs writes.
    const dir = mkdtempSync(join(tmpdir(), 'tile-origins-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>host</title>');
    const server = await startStaticServer({
      dir,
      port: 0,
      spa: true,
      runtimeFiles: {
        '/config.json': {
          apiUrl: 'http://localhost:3000/api/v2',
          idpUrl: 'http://localhost:4400',
          mapTileOrigins: origins,
        },
        '/remotes.json': { mf_map: 'http://localhost:3000/remotes/mf_map/remoteEntry.js' },
      },
    });
    try {
      const nodePolicy =
        (await fetch(`http://127.0.0.1:${server.port}/farms/1`)).headers.get('content-security-policy') ?? '';
      for (const policy of [nginxPolicy, nodePolicy]) {
        expect(directive(policy, 'img-src')).toContain('https://wmts.example.gov.au');
        expect(directive(policy, 'connect-src')).toContain('https://wmts.example.gov.au');
        expect(directive(policy, 'script-src')).not.toContain('https://wmts.example.gov.au');
        expect(directive(policy, 'frame-src')).not.toContain('https://wmts.example.gov.au');
      }
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
    // Without a configured base map the page allows no other image origin than its own and the idp.
    const plain = nginxPagePolicy(nginxSiteConfig(composeSite));
    expect(directive(plain, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://localhost:3000',
      'http://localhost:4400',
    ]);
  });

  it("is written into site.conf by the generator the edge's image runs, with the variables docker-compose passes", () => {
    const generate = (env: Record<string, string>) =>
      execFileSync(process.execPath, [join(__dirname, 'nginx-config.mjs')], {
        env: { PATH: process.env.PATH, ...env },
        encoding: 'utf8',
      });
    expect(directive(nginxPagePolicy(generate({ BASEMAP_URL: WMTS })), 'img-src')).toContain(
      'https://wmts.example.gov.au',
    );
    // Without them it writes the checked-in site.conf.
    expect(generate({})).toBe(readFileSync(join(__dirname, '..', '..', 'deploy', 'nginx', 'site.conf'), 'utf8'));
  });
});
