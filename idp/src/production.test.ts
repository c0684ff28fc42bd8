import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { decodeJwt } from 'jose';
import { optionsFromEnv } from './config';
import { startIdp } from './server';
import { CookieJar, exchangeCode, login, makeDataDir, startTestIdp } from './test-utils';

/** A port free now, so a production idp (which needs its ISSUER up front) can be told its own address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
  });
}

describe('the idp in production (NODE_ENV=production)', () => {
  it('refuses to start with the published admin client secret or no issuer, naming each', async () => {
    const dataDir = await makeDataDir();
    try {
      const options = optionsFromEnv({ NODE_ENV: 'production', PORT: '0' }, dataDir);
      await expect(startIdp({ ...options, log: () => undefined })).rejects.toThrow(
        /refuses to start in production[\s\S]*ADMIN_CLIENT_SECRET is not set or is the published development secret[\s\S]*ISSUER is not set/,
      );
      const published = optionsFromEnv(
        {
          NODE_ENV: 'production',
          PORT: '0',
          ADMIN_CLIENT_SECRET: 'paddock-dev-admin-secret',
          ISSUER: 'https://id.example/',
        },
        dataDir,
      );
      await expect(startIdp({ ...published, log: () => undefined })).rejects.toThrow(/ADMIN_CLIENT_SECRET/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('serves no dev mailbox in production, while development does', async () => {
    const dataDir = await makeDataDir();
    const options = optionsFromEnv(
      { NODE_ENV: 'production', PORT: '0', ADMIN_CLIENT_SECRET: 'a-real-secret-from-the-vault' },
      dataDir,
    );
    const idp = await startIdp({ ...options, issuer: undefined, production: false, log: () => undefined });
    const development = await fetch(`${idp.url}/dev/mailbox.json`);
    expect(development.status).toBe(200);
    await idp.close();

    const production = await startIdp({ ...options, issuer: 'http://localhost:1/', log: () => undefined });
    try {
      for (const path of ['/dev/mailbox', '/dev/mailbox.json']) {
        const response = await fetch(`${production.url}${path}`);
        expect(response.status).toBe(404);
      }
    } finally {
      await production.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    const fresh = await startTestIdp();
    try {
      expect((await fetch(`${fresh.url}/dev/mailbox`)).status).toBe(200);
    } finally {
      await fresh.dispose();
    }
  });
});

describe('the idp’s landing page and mail log in production', () => {
  it('links no dev mailbox and logs no verification link, while development does both', async () => {
    const dataDir = await makeDataDir();
    const port = await freePort();
    const logs: string[] = [];
    const idp = await startIdp({
      port,
      dataDir,
      issuer: `http://localhost:${port}/`,
      adminClientSecret: 'a-real-secret-from-the-vault',
      production: true,
      log: (line) => logs.push(line),
    });
    try {
      const landing = await (await fetch(`${idp.url}/`)).text();
      expect(landing).toContain('OpenID configuration');
      expect(landing).not.toContain('/dev/mailbox');

      // Sign-up sends the verification e-mail at once, and the user asks for it again: both are sent,
      // and the log names the recipient only.
      const credentials = { email: 'prod.user@example.com', password: 'a-long-password' };
      const tokens = await exchangeCode(idp, await login(idp, new CookieJar(), credentials, { screen: 'signup' }));
      const job = await fetch(`${idp.url}/api/v2/jobs/verification-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.access_token}` },
        body: JSON.stringify({ user_id: String(decodeJwt(tokens.access_token).sub) }),
      });
      expect(job.status).toBe(201);
      const mailLines = logs.filter((line) => line.includes(credentials.email));
      expect(mailLines).toHaveLength(2);
      for (const line of mailLines) expect(line).toContain('the link is not logged in production');
      expect(logs.join('\n')).not.toMatch(/verify-email\?ticket=/);
    } finally {
      await idp.close();
      await rm(dataDir, { recursive: true, force: true });
    }

    const development = await startTestIdp();
    try {
      expect(await (await fetch(`${development.url}/`)).text()).toContain('href="/dev/mailbox"');
    } finally {
      await development.dispose();
    }
  });
});
