import { fieldAreaHectares, totalHectares } from '@paddock/shared/geo';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { farmListResponseSchema, fieldCollectionSchema, type AreaGeometry } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { findGeometryProblem } from '../geo/geometry';
import { createFarm, signIn } from '../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../test/harness';
import { createRandom } from '../random';
import { farmNames, generateFarms, parseSeedArgs, runSeedCli, seedFarms } from './seed-lib';

describe('seed arguments', () => {
  it('reads the documented example and defaults', () => {
    expect(parseSeedArgs(['--email', 'bench@paddock.example', '--farms', '1000', '--fields', '20'])).toEqual({
      email: 'bench@paddock.example',
      farms: 1000,
      fieldsPerFarm: 20,
    });
    expect(parseSeedArgs(['--email', 'a@b.co', '--database-url', 'postgres://x/y', '--schema', 'bench'])).toEqual({
      email: 'a@b.co',
      farms: 1000,
      fieldsPerFarm: 20,
      databaseUrl: 'postgres://x/y',
      schema: 'bench',
    });
    expect(parseSeedArgs(['--help'])).toBeNull();
  });

  it.each([
    [[], /--email is required/],
    [['--email', 'nope'], /--email is required/],
    [['--email', 'a@b.co', '--farms', 'many'], /--farms must be a whole number/],
    [['--email', 'a@b.co', '--fields=-1'], /--fields must be a whole number/],
    [['--email', 'a@b.co', '--fields', '2.5'], /--fields must be a whole number/],
    [['--email', 'a@b.co', '--colour', 'red'], /Unknown option/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseSeedArgs(argv)).toThrow(message);
  });
});

describe('seed data', () => {
  const farms = generateFarms({ email: 'data@example.com', farms: 40, fieldsPerFarm: 20 }, 'owner-id');

  it('makes valid, non-overlapping paddocks of a realistic size, measured like the api', () => {
    for (const { farm, fields } of farms) {
      expect(fields).toHaveLength(20);
      expect(farm.number_of_fields).toBe(20);
      let total = 0;
      for (const field of fields) {
        const geometry = JSON.parse(field.geometry as string) as AreaGeometry;
        expect(findGeometryProblem(geometry)).toBeNull();
        expect(field.area).toBeGreaterThan(25);
        expect(field.area).toBeLessThan(260);
        // On the WGS84 ellipsoid, exactly as the api stores a field drawn with this boundary.
        expect(field.area).toBe(fieldAreaHectares(geometry));
        total += field.area;
      }
      expect(farm.farm_area).toBe(totalHectares(fields.map((field) => field.area)));
      expect(farm.farm_area).toBeCloseTo(total, 6);
      // Paddocks sit in their own grid cells: their boxes never overlap.
      for (let i = 0; i < fields.length; i += 1) {
        for (let j = i + 1; j < fields.length; j += 1) {
          const a = fields[i]!;
          const b = fields[j]!;
          const overlap =
            a.min_lon < b.max_lon && b.min_lon < a.max_lon && a.min_lat < b.max_lat && b.min_lat < a.max_lat;
          expect(overlap).toBe(false);
        }
      }
      // In Australian farming country, near a listed town.
      expect(farm.location).toMatch(/^near [A-Z][A-Za-z .']+, (NSW|VIC|QLD|SA|WA|TAS)$/);
    }
  });

  it('names farms uniquely, the same way for the same e-mail', () => {
    const names = farmNames(1500, createRandom(7));
    expect(new Set(names).size).toBe(1500);
    expect(names[0]).toMatch(
      /^[A-Z][A-Za-z ]+ (Downs|Station|Park|Farm|Plains|Creek|Hill|Estate|Vale|Pastoral Co|Grazing|Aggregation|Ag|Partners|Flat|Springs|Ridge|Homestead)$/,
    );
    expect(names.some((name) => name.endsWith(' No. 2'))).toBe(true);
    const again = generateFarms({ email: 'DATA@example.com', farms: 40, fieldsPerFarm: 20 }, 'owner-id');
    expect(again.map((farm) => farm.farm.name)).toEqual(farms.map((farm) => farm.farm.name));
  });
});

describe.each(availableBackends())('seeding on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const countOf = async (table: 'farms' | 'fields' | 'farm_favourites' | 'farm_members', accountId: string) => {
    const { db } = t.app;
    const n = sql<number>`count(*)::int`.as('n');
    if (table === 'farms')
      return (await db.selectFrom('farms').select(n).where('owner_id', '=', accountId).executeTakeFirstOrThrow()).n;
    const farmIds = db.selectFrom('farms').select('id').where('owner_id', '=', accountId);
    return (await db.selectFrom(table).select(n).where('farm_id', 'in', farmIds).executeTakeFirstOrThrow()).n;
  };

  it('creates the account with 3 farms × 4 fields, and a second run replaces them', async () => {
    const first = await seedFarms(t.app.db, { email: 'Seed.Owner@example.com', farms: 3, fieldsPerFarm: 4 });
    expect(first).toMatchObject({ accountCreated: true, replaced: 0, farms: 3, fields: 12 });
    const account = await t.app.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', first.accountId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      sub: 'seed|seed.owner@example.com',
      login_email: 'Seed.Owner@example.com',
      email_verified: true,
      terms_accepted_version: 'v1',
    });
    expect(await countOf('farms', first.accountId)).toBe(3);
    expect(await countOf('fields', first.accountId)).toBe(12);
    expect(await countOf('farm_favourites', first.accountId)).toBe(first.favourites);
    expect(await countOf('farm_members', first.accountId)).toBe(first.invitations);

    const second = await seedFarms(t.app.db, { email: 'seed.owner@example.com', farms: 3, fieldsPerFarm: 4 });
    expect(second).toMatchObject({
      accountId: first.accountId,
      accountCreated: false,
      replaced: 3,
      farms: 3,
      fields: 12,
    });
    expect(await countOf('farms', first.accountId)).toBe(3);
    expect(await countOf('fields', first.accountId)).toBe(12);
    expect(await countOf('farm_favourites', first.accountId)).toBe(second.favourites);
  });

  it('reuses the account signed in with that verified e-mail, leaves its own farms alone, and the api serves the seeded ones', async () => {
    const user = await signIn(t, { email: 'real.person@example.com' });
    const own = await createFarm(t, user, 'Hand Made');
    await seedFarms(t.app.db, { email: 'REAL.person@example.com', farms: 3, fieldsPerFarm: 4 });
    const result = await seedFarms(t.app.db, { email: 'real.person@example.com', farms: 3, fieldsPerFarm: 4 });
    expect(result).toMatchObject({ accountCreated: false, replaced: 3 });

    const response = await t.request({
      method: 'GET',
      url: '/v2/farms',
      token: user.token,
      query: { sort_by: 'farm_name', sort_dir: 'asc' },
    });
    const page = farmListResponseSchema.parse(response.json());
    expect(page.pages.total_count).toBe(4);
    expect(page.features.map((farm) => farm.id)).toContain(own.id);
    const seeded = page.features.filter((farm) => farm.id !== own.id);
    for (const farm of seeded) {
      expect(farm.properties).toMatchObject({ number_of_fields: 4, permission: 'owner' });
      expect(farm.properties.location).toMatch(/^near /);
      const fields = fieldCollectionSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/farms/${farm.id}/fields`, token: user.token })).json(),
      );
      expect(fields.features).toHaveLength(4);
      const sum = fields.features.reduce((total, field) => total + field.properties.area, 0);
      expect(farm.properties.farm_area).toBeCloseTo(sum, 2);
    }
  });
});

describe('seed command', () => {
  it('seeds a PGlite folder and prints counts and time', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'paddock-seed-'));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const io = { log: (m: string) => out.push(m), error: (m: string) => err.push(m) };
      const argv = [
        '--email',
        'cli.seed@example.com',
        '--farms',
        '2',
        '--fields',
        '3',
        '--data-dir',
        path.join(dir, 'db'),
      ];
      expect(await runSeedCli(argv, {}, io, path.resolve(__dirname, '..', '..'))).toBe(0);
      expect(err).toEqual([]);
      expect(out.join('\n')).toMatch(/Seeding 2 farms × 3 fields for cli\.seed@example\.com on PGlite in .*db/);
      expect(out.join('\n')).toMatch(/created 2 farms, 6 fields, \d+ favourites, \d+ pending invitations in \d+\.\d s/);
      expect(await runSeedCli(['--farms', '2'], {}, io, dir)).toBe(2);
      expect(err.join('\n')).toMatch(/--email is required/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
