// Unit tests of the file-backed stores and password hashing.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { OidcStore } from './adapter';
import { JsonFileWriter, readJson } from './json-file';
import { loadOrCreateSecrets } from './secrets';
import { makeDataDir } from './test-utils';
import { DEMO_USER, EmailTakenError, hashPassword, isValidEmail, UserStore, verifyPassword } from './users';

let dir: string;

beforeEach(async () => {
  dir = await makeDataDir();
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('passwords', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('checks e-mail addresses loosely', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('a b@c.de')).toBe(false);
  });
});

describe('UserStore', () => {
  it('persists users (hashes only), seeds the demo user once and refuses duplicate e-mails', async () => {
    const store = await UserStore.open(dir);
    const demo = await store.ensureDemoUser();
    expect(demo).toMatchObject({ sub: DEMO_USER.sub, email: DEMO_USER.email, emailVerified: true, nickname: 'demo' });
    const user = await store.create({ email: ' Grower@Example.COM ', password: 'seedling-42' });
    expect(user.email).toBe('grower@example.com');
    expect(user.emailVerified).toBe(false);
    await expect(store.create({ email: 'GROWER@example.com', password: 'another-one' })).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    await store.markEmailVerified(user.sub);
    await store.flush();

    const file = await readFile(path.join(dir, 'users.json'), 'utf8');
    expect(file).not.toContain('seedling-42');
    expect(file).not.toContain('paddock-demo');

    const reopened = await UserStore.open(dir);
    expect(reopened.size).toBe(2);
    expect(reopened.findByEmail('grower@example.com')?.emailVerified).toBe(true);
    expect(await reopened.authenticate('GROWER@example.com', 'seedling-42')).toMatchObject({ sub: user.sub });
    expect(await reopened.authenticate('grower@example.com', 'wrong')).toBeUndefined();
    expect(await reopened.authenticate('nobody@example.com', 'seedling-42')).toBeUndefined();
    await reopened.ensureDemoUser();
    expect(reopened.size).toBe(2);
  });
});

describe('JsonFileWriter', () => {
  it('coalesces bursts, leaves no temporary files and ends with the latest state', async () => {
    const file = path.join(dir, 'state.json');
    let state = 0;
    const writer = new JsonFileWriter(file, () => ({ state }));
    const saves: Promise<void>[] = [];
    for (let i = 1; i <= 50; i += 1) {
      state = i;
      saves.push(writer.save());
    }
    await Promise.all(saves);
    expect(await readJson(file)).toEqual({ state: 50 });
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('secrets', () => {
  it('generates the RSA key once and reuses it', async () => {
    const first = await loadOrCreateSecrets(dir);
    const second = await loadOrCreateSecrets(dir);
    expect(second).toEqual(first);
    expect(first.signingKey).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.signingKey.kid.length).toBeGreaterThan(20);
  });
});

describe('OidcStore', () => {
  it('stores, expires, consumes and revokes by grant, and survives reopening', async () => {
    const store = await OidcStore.open(dir);
    const tokens = store.adapterFor('RefreshToken');
    const sessions = store.adapterFor('Session');
    await tokens.upsert('rt1', { grantId: 'g1', accountId: 'a' }, 60);
    await tokens.upsert('rt2', { grantId: 'g2', accountId: 'a' }, 60);
    await tokens.upsert('old', { grantId: 'g3' }, -60);
    await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
    expect(await tokens.find('old')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
    await tokens.consume('rt2');
    await tokens.revokeByGrantId('g1');
    expect(await tokens.find('rt1')).toBeUndefined();
    await store.flush();

    const reopened = await OidcStore.open(dir);
    expect(await reopened.adapterFor('RefreshToken').find('rt2')).toMatchObject({
      grantId: 'g2',
      consumed: expect.any(Number),
    });
    expect(await reopened.adapterFor('Session').find('s1')).toMatchObject({ uid: 'u1' });
    await reopened.adapterFor('Session').destroy('s1');
    expect(await reopened.adapterFor('Session').find('s1')).toBeUndefined();
  });
});
