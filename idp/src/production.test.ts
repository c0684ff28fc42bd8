import { rm } from 'node:fs/promises';
import { optionsFromEnv } from './config';
import { startIdp } from './server';
import { makeDataDir, startTestIdp } from './test-utils';

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
