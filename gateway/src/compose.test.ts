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
    expect(services).toEqual(
      ['api', 'gateway', 'host', 'idp', 'mf-account', 'mf-commerce', 'mf-farms', 'mf-map', 'postgres'].sort(),
    );
  });

  it('runs more than one api replica on PostgreSQL in production, each service with a health check', () => {
    const resolved = compose(['config'], secrets);
    expect(resolved).toMatch(/replicas: 2/);
    expect(resolved).toMatch(/DATABASE_URL: postgres:\/\/paddock:test-only@postgres:5432\/paddock/);
    expect(resolved).toMatch(/NODE_ENV: production/);
    expect(resolved.match(/healthcheck:/g)?.length).toBe(9);
    for (const dockerfile of ['api', 'idp', 'gateway', 'host', 'mf-farms', 'mf-map', 'mf-commerce', 'mf-account']) {
      expect(readFileSync(join(repoRoot, dockerfile, 'Dockerfile'), 'utf8')).toMatch(/^CMD \[/m);
    }
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
