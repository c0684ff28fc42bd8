import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const repoRoot = join(__dirname, '..', '..');
const compose = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  execFileSync('docker-compose', ['-f', join(repoRoot, 'docker-compose.yml'), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
const secrets = {
  POSTGRES_PASSWORD: 'test-only',
  ADMIN_CLIENT_SECRET: 'test-only-secret',
  STRIPE_SECRET_KEY: 'sk_test_only',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_only',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_only',
  SELLER_ABN: '12 345 678 901',
  BANK_BSB: '083-004',
  BANK_ACCOUNT_NUMBER: '987654321',
  SMTP_URL: 'smtp://relay.example:587',
  INVITATION_SECRET: 'test-only-invitation-secret',
};

describe('docker-compose.yml (checked with Debian’s docker-compose; containers cannot run here)', () => {
  it('is valid and describes every deployable', () => {
    expect(() => compose(['config', '-q'], secrets)).not.toThrow();
    const services = compose(['config', '--services'], secrets).trim().split('\n').sort();
    expect(services).toEqual(['api', 'gateway', 'idp', 'postgres'].sort());
  });

  it('runs more than one api replica on PostgreSQL in production, each service with a health check', () => {
    const resolved = compose(['config'], secrets);
    expect(resolved).toMatch(/replicas: 2/);
    expect(resolved).toMatch(/DATABASE_URL: postgres:\/\/paddock:test-only@postgres:5432\/paddock/);
    expect(resolved).toMatch(/NODE_ENV: production/);
    expect(resolved.match(/healthcheck:/g)?.length).toBe(4);
    for (const dockerfile of ['api/Dockerfile', 'idp/Dockerfile', 'deploy/nginx/Dockerfile']) {
      expect(readFileSync(join(repoRoot, dockerfile), 'utf8')).toMatch(/^CMD \[/m);
    }
  });

  it('puts nginx on the one origin with the nginx.conf the topology test runs, the front ends built into it', () => {
    const resolved = compose(['config'], secrets);
    expect(resolved).toMatch(/dockerfile: deploy\/nginx\/Dockerfile/);
    expect(resolved).toMatch(/published: "?3000"?/);
    const dockerfile = readFileSync(join(repoRoot, 'deploy/nginx/Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/COPY deploy\/nginx\/nginx\.conf deploy\/nginx\/listen\.conf conf\//);
    // site.conf is generated in the image with the api's base-map variables (map-tile-origins.mjs).
    expect(dockerfile).toMatch(/node gateway\/src\/nginx-config\.mjs > deploy\/nginx\/site\.conf/);
    expect(dockerfile).toMatch(/COPY --from=build \/app\/deploy\/nginx\/site\.conf conf\//);
    expect(dockerfile).toMatch(/nginx-light libnginx-mod-http-brotli-filter/);
    expect(dockerfile).toMatch(/^STOPSIGNAL SIGQUIT$/m);
    for (const name of ['host', 'mf-farms', 'mf-map', 'mf-commerce', 'mf-account'])
      expect(dockerfile).toContain(`/app/${name}/dist`);
  });

  it("gives the api's base-map variables to the api and to the edge's build (its CSP allows the tile origin)", () => {
    const url = 'https://tiles.example/{z}/{x}/{y}.png';
    const resolved = compose(['config'], { ...secrets, BASEMAP_URL: url, PADDOCK_LIVE: '1' });
    // Once in the api's environment and once in the gateway's build arguments.
    expect(resolved.split(`BASEMAP_URL: ${url}`).length - 1).toBe(2);
    expect(resolved.split(/PADDOCK_LIVE: ["']?1["']?\n/).length - 1).toBe(2);
  });

  it('refuses to start without its secrets, naming them', () => {
    expect(() => compose(['config', '-q'])).toThrow(/POSTGRES_PASSWORD/);
    expect(() => compose(['config', '-q'], { POSTGRES_PASSWORD: 'x' })).toThrow(/ADMIN_CLIENT_SECRET/);
    expect(() => compose(['config', '-q'], { POSTGRES_PASSWORD: 'x', ADMIN_CLIENT_SECRET: 'y' })).toThrow(
      /STRIPE_SECRET_KEY/,
    );
    const { SELLER_ABN: _abn, ...withoutAbn } = secrets;
    expect(() => compose(['config', '-q'], withoutAbn)).toThrow(/SELLER_ABN/);
    const { SMTP_URL: _smtp, ...withoutSmtp } = secrets;
    expect(() => compose(['config', '-q'], withoutSmtp)).toThrow(/SMTP_URL/);
  });
});
