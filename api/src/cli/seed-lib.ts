import { randomUUID } from 'node:crypto';
import { parseCommandLine, readCommand, UsageError, type CliIo } from './args';
import {
  TERMS_VERSION,
  type AreaGeometry,
  type CollaboratorPermission,
  type Position,
} from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseConfig } from '../db';
import type { Database, NewFarm, NewField } from '../db/types';
import { describeLocation } from '../geo/location';
import { normaliseEmail } from '../email/address';
import { measureGeometry, unionBBox } from '../geo/geometry';
import { totalHectares } from '@paddock/shared/geo';
import { createRandom } from '../random';

export const USAGE = `Usage: npm run seed -w api -- --email <email> [--farms 1000] [--fields 20] [--database-url <url>] [--schema <name>] [--data-dir <dir>]

Fills an account with realistic Australian farms and fields for benchmarks and demos. The account is
the one signed in with that e-mail (verified) or else a new one with the subject seed|<email>.
Running it again replaces the farms it made before for that account (other farms are left alone).

  --email         whose farms (required)
  --farms         number of farms (default 1000)
  --fields        fields per farm (default 20)
  --database-url  PostgreSQL URL (default: DATABASE_URL, else PGlite in DATA_DIR or <repo>/.data/api/pglite)
  --schema        PostgreSQL schema to use (created when missing; default: the server's search path)
  --data-dir      PGlite data folder (default: DATA_DIR or <repo>/.data/api/pglite). Stop the api first:
                  a PGlite folder is used by one process at a time.

Example: npm run seed -w api -- --email bench@paddock.example --farms 1000 --fields 20`;

export interface SeedOptions {
  email: string;
  farms: number;
  fieldsPerFarm: number;
}

export interface SeedCommand extends SeedOptions {
  databaseUrl?: string;
  schema?: string;
  dataDir?: string;
}

const count = (value: string | undefined, name: string, fallback: number, max: number): number => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new UsageError(`--${name} must be a whole number from 0 to ${max}, not "${value}"`);
  return n;
};

/** Reads the command line; `null` means "print the usage". */
export function parseSeedArgs(argv: string[]): SeedCommand | null {
  const values = parseCommandLine(argv, {
    email: { type: 'string' },
    farms: { type: 'string' },
    fields: { type: 'string' },
    'database-url': { type: 'string' },
    schema: { type: 'string' },
    'data-dir': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) return null;
  const email = values.email?.trim();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new UsageError('--email is required (an e-mail address)');
  return {
    email,
    farms: count(values.farms, 'farms', 1000, 100_000),
    fieldsPerFarm: count(values.fields, 'fields', 20, 1000),
    ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}),
    ...(values.schema ? { schema: values.schema } : {}),
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Generated data: deterministic for an e-mail, so two runs make the same farms.

const hash = (text: string): number => {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
};

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Cropping and grazing districts: [name, latitude, longitude] of a centre; farms fall within ~60 km. */
const REGIONS: readonly (readonly [string, number, number])[] = [
  ['Riverina', -35.0, 147.1],
  ['Murrumbidgee Irrigation Area', -34.4, 146.1],
  ['Central West', -33.2, 148.0],
  ['Liverpool Plains', -31.2, 150.2],
  ['North West Slopes and Plains', -29.6, 149.7],
  ['Darling Downs', -27.4, 151.2],
  ['Western Downs', -26.9, 150.4],
  ['Central Highlands', -23.6, 148.3],
  ['Burdekin', -19.6, 147.3],
  ['Wimmera', -36.6, 142.3],
  ['Mallee', -35.4, 142.6],
  ['Goulburn Valley', -36.3, 145.2],
  ['Mid North', -33.8, 138.5],
  ['Yorke Peninsula', -34.3, 137.6],
  ['Eyre Peninsula', -33.7, 135.9],
  ['Limestone Coast', -36.9, 140.7],
  ['Northern Wheatbelt', -30.5, 116.7],
  ['Central Wheatbelt', -31.6, 118.0],
  ['Great Southern', -33.6, 117.6],
  ['Esperance', -33.6, 121.8],
  ['Geraldton Sandplain', -28.8, 115.1],
  ['Northern Midlands', -41.6, 147.2],
];

const NAME_STEMS = [
  'Kurrajong',
  'Yarrabee',
  'Bimbadeen',
  'Warrawee',
  'Coolabah',
  'Mulga',
  'Wattle',
  'Banksia',
  'Ironbark',
  'Redgum',
  'Stringybark',
  'Myall',
  'Brigalow',
  'Gidgee',
  'Belah',
  'Wilga',
  'Yallambee',
  'Tarrawonga',
  'Koonwarra',
  'Narrawa',
  'Bundaleer',
  'Wandoo',
  'Jarrah',
  'Kialla',
  'Glenlea',
  'Rosedale',
  'Hillview',
  'Fairview',
  'Riverview',
  'Ellerslie',
  'Inverary',
  'Strathmore',
  'Glencoe',
  'Ben Lomond',
  'Mount Pleasant',
  'Oakleigh',
  'Willowbank',
  'Sunnyside',
  'Greenhills',
  'Clifton',
  'Balmoral',
  'Bellevue',
  'Dunmore',
  'Killarney',
  'Wirrilla',
  'Mooraback',
  'Boonoke',
  'Tubbo',
  'Wanganella',
  'Yanco',
  'Quambone',
  'Merriwee',
  'Bundemar',
  'Tooloon',
  'Karrawarra',
  'Yarran',
  'Boree',
  'Cooinda',
  'Euroa',
  'Warrah',
];
const NAME_KINDS = [
  'Downs',
  'Station',
  'Park',
  'Farm',
  'Plains',
  'Creek',
  'Hill',
  'Estate',
  'Vale',
  'Pastoral Co',
  'Grazing',
  'Aggregation',
  'Ag',
  'Partners',
  'Flat',
  'Springs',
  'Ridge',
  'Homestead',
];
const FIELD_NAMES = [
  'Home Paddock',
  'House Paddock',
  'North Paddock',
  'South Paddock',
  'East Paddock',
  'West Paddock',
  'Back Paddock',
  'Creek Paddock',
  'Dam Paddock',
  'Road Paddock',
  'Top Paddock',
  'Bottom Paddock',
  'Long Paddock',
  'Windmill',
  'Shearing Shed',
  'Airstrip',
  'Sandhill',
  'Red Soil',
  'Black Soil',
  'Triangle',
  'Timber Paddock',
  'Boundary',
  'Pump Paddock',
  'Yards Paddock',
];
const CROPS = [
  'Wheat',
  'Wheat',
  'Wheat',
  'Barley',
  'Barley',
  'Canola',
  'Canola',
  'Chickpeas',
  'Lupins',
  'Oats',
  'Faba Beans',
  'Field Peas',
  'Lentils',
  'Sorghum',
  'Cotton',
  'Pasture (Annual)',
  'Pasture (Perennial)',
  'Lucerne',
  'Fallow',
  'Durum Wheat',
];

/** Unique, realistic farm names ("Kurrajong Downs", "Myall Plains"), in a shuffled order. */
export function farmNames(count: number, random: () => number): string[] {
  const combos = NAME_STEMS.flatMap((stem) => NAME_KINDS.map((kind) => `${stem} ${kind}`));
  for (let i = combos.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [combos[i], combos[j]] = [combos[j] as string, combos[i] as string];
  }
  return Array.from({ length: count }, (_, i) => {
    const round = Math.floor(i / combos.length);
    const name = combos[i % combos.length] as string;
    return round === 0 ? name : `${name} No. ${round + 1}`;
  });
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * A paddock in a grid cell: the cell's rectangle, inset, with its 4 corners and 4 edge midpoints each
 * nudged a little. Nudges are small against the cell, so points keep their order around the centre
 * (the ring never crosses itself) and stay inside the cell (paddocks never overlap). Counter-clockwise.
 */
export function paddock(
  west: number,
  south: number,
  width: number,
  height: number,
  random: () => number,
): AreaGeometry {
  const inset = 0.08;
  const nudge = 0.05;
  const jitter = () => (random() * 2 - 1) * nudge;
  const at = (u: number, v: number): Position => [
    round6(west + (u + jitter()) * width),
    round6(south + (v + jitter()) * height),
  ];
  const lo = inset;
  const hi = 1 - inset;
  const ring: Position[] = [
    at(lo, lo),
    at(0.5, lo),
    at(hi, lo),
    at(hi, 0.5),
    at(hi, hi),
    at(0.5, hi),
    at(lo, hi),
    at(lo, 0.5),
  ];
  ring.push(ring[0] as Position);
  return { type: 'Polygon', coordinates: [ring] };
}

export interface SeedFarm {
  farm: NewFarm & { id: string };
  fields: NewField[];
  favourite: boolean;
  invitations: { email: string; permission: CollaboratorPermission }[];
}

const DAY_MS = 86_400_000;

/** The farms of a seed run, in memory (geometry measured as the api does). */
export function generateFarms(options: SeedOptions, ownerId: string, now = new Date()): SeedFarm[] {
  const random = createRandom(hash(normaliseEmail(options.email)));
  const names = farmNames(options.farms, random);
  return names.map((name, index) => {
    const [, regionLat, regionLon] = pick(random, REGIONS);
    const centreLat = regionLat + (random() * 2 - 1) * 0.5;
    const centreLon = regionLon + (random() * 2 - 1) * 0.6;
    // Cells of 0.7 to 1.6 km a side: paddocks of roughly 40 to 220 ha.
    const sideKm = 0.7 + random() * 0.9;
    const cellHeight = sideKm / 111.2;
    const cellWidth = sideKm / (111.32 * Math.cos((centreLat * Math.PI) / 180));
    const columns = Math.max(1, Math.ceil(Math.sqrt(options.fieldsPerFarm)));
    const rows = Math.max(1, Math.ceil(options.fieldsPerFarm / columns));
    const west = centreLon - (columns * cellWidth) / 2;
    const south = centreLat - (rows * cellHeight) / 2;

    const updated = new Date(now.getTime() - Math.floor(random() * 365 * DAY_MS));
    const created = new Date(updated.getTime() - Math.floor(random() * 365 * DAY_MS));
    const farmId = randomUUID();
    const fields: NewField[] = [];
    const boxes = [];
    for (let i = 0; i < options.fieldsPerFarm; i += 1) {
      const geometry = paddock(
        west + (i % columns) * cellWidth,
        south + Math.floor(i / columns) * cellHeight,
        cellWidth,
        cellHeight,
        random,
      );
      const measured = measureGeometry(geometry);
      boxes.push(measured.bbox);
      fields.push({
        farm_id: farmId,
        name: i < FIELD_NAMES.length ? (FIELD_NAMES[i] as string) : `Paddock ${i + 1}`,
        crop_type: pick(random, CROPS),
        geometry: JSON.stringify(geometry),
        area: measured.area,
        min_lon: measured.bbox[0],
        min_lat: measured.bbox[1],
        max_lon: measured.bbox[2],
        max_lat: measured.bbox[3],
        created_on: created,
        updated_on: updated,
      });
    }
    const bbox = unionBBox(boxes);
    const invitations: SeedFarm['invitations'] = [];
    if (random() < 0.25) {
      const many = 1 + Math.floor(random() * 2);
      for (let k = 0; k < many; k += 1) {
        invitations.push({
          email: `${pick(random, ['agronomist', 'manager', 'contractor', 'partner'])}.${index}.${k}@seed.paddock.example`,
          permission: random() < 0.5 ? 'editor' : 'viewer',
        });
      }
    }
    return {
      farm: {
        id: farmId,
        owner_id: ownerId,
        name,
        number_of_fields: fields.length,
        farm_area: totalHectares(fields.map((field) => field.area)),
        min_lon: bbox?.[0] ?? null,
        min_lat: bbox?.[1] ?? null,
        max_lon: bbox?.[2] ?? null,
        max_lat: bbox?.[3] ?? null,
        location: describeLocation(bbox),
        seeded: true,
        created_on: created,
        updated_on: updated,
      },
      fields,
      favourite: random() < 0.08,
      invitations,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Writing.

export interface SeedResult {
  accountId: string;
  accountCreated: boolean;
  /** Seeded farms of an earlier run that were replaced. */
  replaced: number;
  farms: number;
  fields: number;
  favourites: number;
  invitations: number;
  ms: number;
}

/** Rows per INSERT, under PostgreSQL's 65,535 parameters (fields have 11 columns, farms 13). */
const FARM_BATCH = 1000;
const FIELD_BATCH = 2000;

async function seedAccount(db: Kysely<Database>, email: string): Promise<{ id: string; created: boolean }> {
  const wanted = normaliseEmail(email);
  const sub = `seed|${wanted}`;
  const existing =
    (await db.selectFrom('accounts').select('id').where('sub', '=', sub).executeTakeFirst()) ??
    (await db
      .selectFrom('accounts')
      .select('id')
      .where(sql`lower(login_email)`, '=', wanted)
      .where('email_verified', '=', true)
      .orderBy('updated_on', 'desc')
      .limit(1)
      .executeTakeFirst());
  if (existing) return { id: existing.id, created: false };
  const row = await db
    .insertInto('accounts')
    .values({
      sub,
      login_email: email,
      email_verified: true,
      contact_email: email,
      first_name: 'Bench',
      last_name: 'Farmer',
      user_type: 'farmer',
      contact_saved_on: new Date(),
      terms_accepted_version: TERMS_VERSION,
      farm_access_email: wanted,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: true };
}

/**
 * Creates (or reuses) the account for the e-mail and replaces its seeded farms with `farms` new ones
 * of `fieldsPerFarm` fields each, plus a few favourites and pending invitations; one transaction,
 * batched inserts.
 */
export async function seedFarms(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const account = await seedAccount(db, options.email);
  const farms = generateFarms(options, account.id);
  const fields = farms.flatMap((farm) => farm.fields);
  const favourites = farms
    .filter((farm) => farm.favourite)
    .map((farm) => ({ account_id: account.id, farm_id: farm.farm.id }));
  const invitations = farms.flatMap((farm) =>
    farm.invitations.map((invitation) => ({
      farm_id: farm.farm.id,
      email: invitation.email,
      permission: invitation.permission,
      account_id: null,
    })),
  );

  const replaced = await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('farms')
      .where('owner_id', '=', account.id)
      .where('seeded', '=', true)
      .executeTakeFirst();
    for (let start = 0; start < farms.length; start += FARM_BATCH) {
      await trx
        .insertInto('farms')
        .values(farms.slice(start, start + FARM_BATCH).map((farm) => farm.farm))
        .execute();
    }
    for (let start = 0; start < fields.length; start += FIELD_BATCH) {
      await trx
        .insertInto('fields')
        .values(fields.slice(start, start + FIELD_BATCH))
        .execute();
    }
    if (favourites.length > 0) await trx.insertInto('farm_favourites').values(favourites).execute();
    if (invitations.length > 0) await trx.insertInto('farm_members').values(invitations).execute();
    return Number(removed.numDeletedRows);
  });
  // Fresh planner statistics, as autovacuum would gather shortly after a bulk load: without them
  // the first queries on 20,000 new rows get plans made for empty tables.
  await sql`analyze farms, fields, farm_members, farm_favourites, accounts`.execute(db);

  return {
    accountId: account.id,
    accountCreated: account.created,
    replaced,
    farms: farms.length,
    fields: fields.length,
    favourites: favourites.length,
    invitations: invitations.length,
    ms: performance.now() - started,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The seed command: open (and migrate) the database, seed, print counts and time. Returns the exit code. */
export async function runSeedCli(argv: string[], env: NodeJS.ProcessEnv, io: CliIo, apiRoot: string): Promise<number> {
  const command = readCommand(argv, parseSeedArgs, USAGE, io);
  if ('exitCode' in command) return command.exitCode;

  const fromEnv = loadConfig(
    {
      ...env,
      ...(command.databaseUrl ? { DATABASE_URL: command.databaseUrl } : {}),
      ...(command.dataDir ? { DATA_DIR: command.dataDir } : {}),
    },
    apiRoot,
  ).database;
  const database: DatabaseConfig =
    fromEnv.kind === 'postgres' && command.schema ? { ...fromEnv, schema: command.schema } : fromEnv;
  const where =
    database.kind === 'pglite'
      ? `PGlite in ${database.dataDir}`
      : `PostgreSQL${database.schema ? ` (schema ${database.schema})` : ''}`;

  io.log(`Seeding ${command.farms} farms × ${command.fieldsPerFarm} fields for ${command.email} on ${where}`);
  const opening = performance.now();
  let open;
  try {
    open = await openDatabase(database);
  } catch (error) {
    io.error(
      `Could not open the database (${(error as Error).message}).${database.kind === 'pglite' ? ' Is the api running on the same data folder? Stop it first.' : ''}`,
    );
    return 1;
  }
  try {
    io.log(`database ready (migrated) in ${seconds(performance.now() - opening)}`);
    const result = await seedFarms(open.db, command);
    io.log(`account ${command.email} ${result.accountCreated ? 'created' : 'reused'} (${result.accountId})`);
    if (result.replaced > 0) io.log(`replaced ${result.replaced} farms from an earlier seed`);
    io.log(
      `created ${result.farms} farms, ${result.fields} fields, ${result.favourites} favourites, ${result.invitations} pending invitations in ${seconds(result.ms)}`,
    );
    return 0;
  } catch (error) {
    io.error(`Seeding failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await open.close();
  }
}
