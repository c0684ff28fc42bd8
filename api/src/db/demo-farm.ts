import type { AreaGeometry } from '@paddock/shared/contracts';
import { totalHectares } from '@paddock/shared/geo';
import type { Kysely, Transaction } from 'kysely';
import { sampleEmWindows } from '../imagery/simulated';
import { describeLocation } from '../geo/location';
import { measureGeometry, unionBBox } from '../geo/geometry';
import type { Database } from './types';

/**
 * The demo account's farm (issue 10 §9): a dozen paddocks of a Wimmera grain farm north-west of
 * Horsham, Victoria, laid out as the district is: square-mile road grid, paddocks split along fence
 * lines, road reserves between them, a creek cutting corners, the homestead block cut out of one.
 * Crops in a typical Wimmera rotation, so imagery, time series and zoning have something to show.
 */

export const DEMO_FARM_NAME = 'Wimmera Downs';

/** The south-west corner of the block (road intersection), and the grid's spacing in degrees. */
const ORIGIN = { lon: 142.095, lat: -36.655 };
/** One mile east–west and north–south at this latitude. */
const MILE_LON = 0.01797;
const MILE_LAT = 0.01449;
/** Road reserve: paddocks stop this far (about 20 m) short of the road lines. */
const RESERVE_LON = 0.00022;
const RESERVE_LAT = 0.00018;

type Point = [lon: number, lat: number];

/** A point at `(u, v)` miles east and north of the origin. */
const at = (u: number, v: number): Point => [
  Math.round((ORIGIN.lon + u * MILE_LON) * 1e6) / 1e6,
  Math.round((ORIGIN.lat + v * MILE_LAT) * 1e6) / 1e6,
];

/**
 * A paddock from its corners in miles (anticlockwise, south-west first), pulled in from the roads by
 * the reserve; extra points along an edge give creeks and notches.
 */
function paddock(corners: [number, number][]): AreaGeometry {
  const us = corners.map(([u]) => u);
  const vs = corners.map(([, v]) => v);
  const [uMin, uMax, vMin, vMax] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const ring = corners.map(([u, v]) => {
    const [lon, lat] = at(u, v);
    const dx = u === uMin ? RESERVE_LON : u === uMax ? -RESERVE_LON : 0;
    const dy = v === vMin ? RESERVE_LAT : v === vMax ? -RESERVE_LAT : 0;
    return [Math.round((lon + dx) * 1e6) / 1e6, Math.round((lat + dy) * 1e6) / 1e6] as Point;
  });
  return { type: 'Polygon', coordinates: [[...ring, ring[0] as Point]] };
}

export interface DemoPaddock {
  name: string;
  crop: string;
  geometry: AreaGeometry;
}

/**
 * The paddocks the Rapid-EM machine has driven (issue 10 §7: EM data shows only for surveyed fields),
 * so the demo's Rapid-EM layer has something to show while the rest show it empty, as a real farm does.
 */
export const DEMO_EM_SURVEYED: readonly string[] = ['Home', 'Shed', 'Top Road', 'Dam', 'Bore', 'Creek'];

/** The demo's surveys: the sample survey windows (four weeks each February) of last year and this one. */
export function demoEmWindows(today: Date) {
  const year = today.getUTCFullYear();
  return sampleEmWindows(`${year - 1}-01-01`, today.toISOString().slice(0, 10));
}

/** Twelve paddocks over three square miles (two rows), 50–160 ha each. */
export const DEMO_PADDOCKS: readonly DemoPaddock[] = [
  // South row, west mile: the homestead block is cut out of Home's south-west corner.
  {
    name: 'Home',
    crop: 'Wheat',
    geometry: paddock([
      [0.12, 0],
      [0.55, 0],
      [0.55, 0.5],
      [0, 0.5],
      [0, 0.1],
      [0.12, 0.1],
    ]),
  },
  {
    name: 'Shed',
    crop: 'Barley',
    geometry: paddock([
      [0.55, 0],
      [1, 0],
      [1, 0.5],
      [0.55, 0.5],
    ]),
  },
  {
    name: 'Top Road',
    crop: 'Canola',
    geometry: paddock([
      [0, 0.5],
      [0.6, 0.5],
      [0.6, 1],
      [0, 1],
    ]),
  },
  // The creek cuts the north-east corner of Dam.
  {
    name: 'Dam',
    crop: 'Lentils',
    geometry: paddock([
      [0.6, 0.5],
      [1, 0.5],
      [1, 0.78],
      [0.93, 0.86],
      [0.84, 0.93],
      [0.77, 1],
      [0.6, 1],
    ]),
  },
  // South row, middle mile.
  {
    name: 'Bore',
    crop: 'Wheat',
    geometry: paddock([
      [1, 0],
      [1.5, 0],
      [1.5, 0.45],
      [1, 0.45],
    ]),
  },
  {
    name: 'Creek',
    crop: 'Faba Beans',
    geometry: paddock([
      [1, 0.45],
      [1.5, 0.45],
      [1.5, 1],
      [1.22, 1],
      [1.12, 0.93],
      [1.05, 0.86],
      [1, 0.78],
    ]),
  },
  {
    name: 'Long',
    crop: 'Barley',
    geometry: paddock([
      [1.5, 0],
      [2, 0],
      [2, 1],
      [1.5, 1],
    ]),
  },
  // North row.
  {
    name: 'Sandhill',
    crop: 'Oaten Hay',
    geometry: paddock([
      [0, 1],
      [0.5, 1],
      [0.5, 1.55],
      [0.08, 1.6],
      [0, 1.52],
    ]),
  },
  {
    name: 'Church',
    crop: 'Canola',
    geometry: paddock([
      [0.5, 1],
      [1, 1],
      [1, 1.6],
      [0.5, 1.55],
    ]),
  },
  {
    name: 'North 1',
    crop: 'Wheat',
    geometry: paddock([
      [1, 1],
      [1.5, 1],
      [1.5, 1.6],
      [1, 1.6],
    ]),
  },
  {
    name: 'North 2',
    crop: 'Chickpeas',
    geometry: paddock([
      [1.5, 1],
      [2, 1],
      [2, 1.6],
      [1.5, 1.6],
    ]),
  },
  {
    name: 'Boundary',
    crop: 'Field Peas',
    geometry: paddock([
      [2, 0],
      [2.4, 0],
      [2.4, 1],
      [2, 1],
    ]),
  },
];

/**
 * Seeds the demo farm for the account once: the first call writes it and a `demo_seeds` row; later
 * calls (restarts, other api processes) find the row and do nothing. Returns whether it seeded.
 */
export async function seedDemoFarm(db: Kysely<Database>, accountId: string): Promise<boolean> {
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    const marked = await trx
      .insertInto('demo_seeds')
      .values({ account_id: accountId })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .returning('account_id')
      .executeTakeFirst();
    if (!marked) return false;
    const measured = DEMO_PADDOCKS.map((p) => ({ ...p, ...measureGeometry(p.geometry) }));
    const bbox = unionBBox(measured.map((p) => p.bbox));
    const farm = await trx
      .insertInto('farms')
      .values({
        owner_id: accountId,
        name: DEMO_FARM_NAME,
        number_of_fields: measured.length,
        farm_area: totalHectares(measured.map((p) => p.area)),
        min_lon: bbox?.[0] ?? null,
        min_lat: bbox?.[1] ?? null,
        max_lon: bbox?.[2] ?? null,
        max_lat: bbox?.[3] ?? null,
        location: describeLocation(bbox),
        created_on: new Date(),
        updated_on: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fields = await trx
      .insertInto('fields')
      .values(
        measured.map((p) => ({
          farm_id: farm.id,
          name: p.name,
          crop_type: p.crop,
          geometry: JSON.stringify(p.geometry),
          area: p.area,
          min_lon: p.bbox[0],
          min_lat: p.bbox[1],
          max_lon: p.bbox[2],
          max_lat: p.bbox[3],
          created_on: new Date(),
          updated_on: new Date(),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const windows = demoEmWindows(new Date());
    const surveys = fields
      .filter((field) => DEMO_EM_SURVEYED.includes(field.name))
      .flatMap((field) => windows.map(({ start, end }) => ({ field_id: field.id, start_date: start, end_date: end })));
    if (surveys.length > 0) await trx.insertInto('em_surveys').values(surveys).execute();
    return true;
  });
}
