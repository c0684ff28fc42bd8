// The nginx edge's configuration (deploy/nginx/): the same nginx.conf docker-compose runs passes
// `nginx -t` with Debian's nginx, and its environment part for docker-compose (site.conf) is what the
// generator writes from security-headers.mjs (one source for the Node gateway's headers and nginx's).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { composeSite, nginxSiteConfig } from './nginx-config.mjs';

const deploy = join(__dirname, '..', '..', 'deploy', 'nginx');

describe('deploy/nginx', () => {
  let prefix: string;
  beforeAll(() => {
    prefix = mkdtempSync(join(tmpdir(), 'paddock-nginx-'));
    for (const dir of ['conf', 'html/host', 'html/remotes', 'runtime', 'logs', 'tmp'])
      mkdirSync(join(prefix, dir), { recursive: true });
  });
  afterAll(() => rmSync(prefix, { recursive: true, force: true }));

  it('passes nginx -t: the same nginx.conf, with this machine’s api addresses', () => {
    copyFileSync(join(deploy, 'nginx.conf'), join(prefix, 'conf/nginx.conf'));
    writeFileSync(
      join(prefix, 'conf/site.conf'),
      nginxSiteConfig({ ...composeSite, apiUpstreams: ['127.0.0.1:4000', '127.0.0.1:4001'] }),
    );
    copyFileSync(join(deploy, 'listen.conf'), join(prefix, 'conf/listen.conf'));
    const output = execFileSync('nginx', ['-t', '-p', `${prefix}/`, '-c', join(prefix, 'conf/nginx.conf')], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect(output).toBe('');
  });

  it('has the docker-compose site part the generator writes (headers from security-headers.mjs)', () => {
    expect(readFileSync(join(deploy, 'site.conf'), 'utf8')).toBe(nginxSiteConfig(composeSite));
  });

  it('refuses a header value nginx could not quote, and a site without api replicas', () => {
    expect(() => nginxSiteConfig({ ...composeSite, apiUpstreams: [] })).toThrow(/api upstream/);
    expect(() => nginxSiteConfig({ ...composeSite, partnerFrameAncestors: 'https://a.example"; evil' })).toThrow(
      /nginx string/,
    );
  });
});
