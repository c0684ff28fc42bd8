import type { AreaGeometry, FarmRole, FieldCollection, FieldFeature, ValidationIssue } from '@paddock/shared/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, FieldRow, FieldUpdate, NewField } from '../../db/types';
import { notFound } from '../../errors';
import type { IssueRewriter } from '../../validation';
import { normaliseCropType } from '../farms/crop-types';
import { describeLocation } from '../farms/location';
import { FARM_NOT_FOUND, FIELD_NOT_FOUND } from '../farms/access';
import { measureGeometry, roundArea, unionBBox, type GeometryProblem } from './geometry';

type Db = Kysely<Database>;

/** Rows per INSERT (10 parameters each, well under PostgreSQL's 65,535). */
const INSERT_BATCH = 500;

const iso = (value: Date | string): string => new Date(value).toISOString();

export function toFieldFeature(row: FieldRow, role: FarmRole): FieldFeature {
  return {
    type: 'Feature',
    id: row.id,
    geometry: row.geometry as AreaGeometry,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    properties: {
      id: row.id,
      farm_id: row.farm_id,
      field_name: row.name,
      field_crop_type: row.crop_type,
      area: roundArea(row.area),
      permission: role,
      created_on: iso(row.created_on),
      updated_on: iso(row.updated_on),
    },
  };
}

export function toFieldCollection(rows: readonly FieldRow[], role: FarmRole): FieldCollection {
  const features = rows.map((row) => toFieldFeature(row, role));
  return { type: 'FeatureCollection', features, bbox: unionBBox(features.map((feature) => feature.bbox)) };
}

/**
 * Holds the farm row for the rest of the transaction, so concurrent field changes on one farm
 * serialise and its totals stay true. 404 when the farm was deleted meanwhile.
 */
export async function lockFarm(trx: Transaction<Database>, farmId: string): Promise<void> {
  const farm = await trx.selectFrom('farms').select('id').where('id', '=', farmId).forUpdate().executeTakeFirst();
  if (!farm) throw notFound(FARM_NOT_FOUND);
}

/** The farm's fields, in the order they were added. */
export async function listFields(db: Db, farmId: string): Promise<FieldRow[]> {
  return db.selectFrom('fields').selectAll().where('farm_id', '=', farmId).orderBy('seq').execute();
}

/** Adds the fields (all or nothing) and refreshes the farm's totals; the new rows in the order added. */
export async function createFields(db: Db, farmId: string, rows: readonly NewField[]): Promise<FieldRow[]> {
  const created = await db.transaction().execute(async (trx) => {
    await lockFarm(trx, farmId);
    const inserted: FieldRow[] = [];
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      inserted.push(
        ...(await trx
          .insertInto('fields')
          .values(rows.slice(start, start + INSERT_BATCH))
          .returningAll()
          .execute()),
      );
    }
    await refreshFarmSummary(trx, farmId);
    return inserted;
  });
  return created.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
}

/** Applies the changes to the field and refreshes its farm's totals; 404 when it was deleted meanwhile. */
export async function updateField(db: Db, field: FieldRow, changes: FieldUpdate): Promise<FieldRow> {
  return db.transaction().execute(async (trx) => {
    await lockFarm(trx, field.farm_id);
    const updated = await trx
      .updateTable('fields')
      .set({ ...changes, updated_on: sql<Date>`now()` })
      .where('id', '=', field.id)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw notFound(FIELD_NOT_FOUND);
    await refreshFarmSummary(trx, field.farm_id);
    return updated;
  });
}

/** Deletes the field and refreshes its farm's totals; 404 when it was deleted meanwhile. */
export async function deleteField(db: Db, field: FieldRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockFarm(trx, field.farm_id);
    const deleted = await trx.deleteFrom('fields').where('id', '=', field.id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound(FIELD_NOT_FOUND);
    await refreshFarmSummary(trx, field.farm_id);
  });
}

/** Recomputes the farm's number of fields, area, bbox and location from its fields and stamps updated_on. */
export async function refreshFarmSummary(trx: Transaction<Database>, farmId: string): Promise<void> {
  const summary = await trx
    .selectFrom('fields')
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`coalesce(sum(area), 0)`.as('area'),
      sql<number | null>`min(min_lon)`.as('min_lon'),
      sql<number | null>`min(min_lat)`.as('min_lat'),
      sql<number | null>`max(max_lon)`.as('max_lon'),
      sql<number | null>`max(max_lat)`.as('max_lat'),
    ])
    .where('farm_id', '=', farmId)
    .executeTakeFirstOrThrow();
  const { min_lon, min_lat, max_lon, max_lat } = summary;
  const bbox =
    min_lon === null || min_lat === null || max_lon === null || max_lat === null
      ? null
      : ([min_lon, min_lat, max_lon, max_lat] as const);
  await trx
    .updateTable('farms')
    .set({
      number_of_fields: summary.count,
      farm_area: Number(summary.area),
      min_lon,
      min_lat,
      max_lon,
      max_lat,
      location: describeLocation(bbox ? [...bbox] : null),
      updated_on: sql<Date>`now()`,
    })
    .where('id', '=', farmId)
    .execute();
}

/** "Field 'North paddock'", or the field's place in the request when it has no usable name. */
export function fieldLabel(name: unknown, index?: number): string {
  if (typeof name === 'string' && name.trim()) return `Field '${name.trim()}'`;
  return index === undefined ? 'This field' : `Field ${index + 1}`;
}

export const geometryIssue = (loc: (string | number)[], label: string, problem: GeometryProblem): ValidationIssue => ({
  loc,
  msg: `${label}: ${problem.message}`,
  type: problem.type,
});

/** The row of a new field: crop type in the list's spelling, area and bbox measured here (never from the client). */
export function newFieldRow(
  farmId: string,
  name: string,
  cropType: string | null | undefined,
  geometry: AreaGeometry,
): NewField {
  const { area, bbox } = measureGeometry(geometry);
  return {
    farm_id: farmId,
    name,
    crop_type: normaliseCropType(cropType),
    geometry: JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates }),
    area,
    min_lon: bbox[0],
    min_lat: bbox[1],
    max_lon: bbox[2],
    max_lat: bbox[3],
  };
}

const GEOMETRY_TYPES = new Set(['Polygon', 'MultiPolygon']);

const at = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
    value,
  );

/** The schema's complaint about a boundary, said about the field by name. */
function shapeProblem(geometry: unknown): GeometryProblem {
  if (geometry === undefined || geometry === null) return { type: 'missing', message: 'the boundary is missing' };
  const type = at(geometry, 'type');
  if (typeof type !== 'string' || !GEOMETRY_TYPES.has(type)) {
    const given = typeof type === 'string' && type ? `, not a ${type}` : '';
    return { type: 'geometry_type', message: `the boundary must be a Polygon or MultiPolygon${given}` };
  }
  return {
    type: 'geometry_coordinates',
    message: `the boundary's coordinates are not valid GeoJSON for a ${type} (each position must be [longitude, latitude])`,
  };
}

/**
 * Rewords schema issues inside a boundary so they name the field, at the feature's geometry:
 * ["body", "features", 2, "geometry"] for a collection, ["body", "geometry"] for one feature.
 */
export function geometryIssueRewriter(shape: 'collection' | 'feature'): IssueRewriter {
  return (issue, input) => {
    const [part, first, second, third] = issue.loc;
    if (
      shape === 'collection' &&
      part === 'body' &&
      first === 'features' &&
      typeof second === 'number' &&
      third === 'geometry'
    ) {
      const label = fieldLabel(at(input, 'features', second, 'properties', 'field_name'), second);
      return geometryIssue(
        ['body', 'features', second, 'geometry'],
        label,
        shapeProblem(at(input, 'features', second, 'geometry')),
      );
    }
    if (shape === 'feature' && part === 'body' && first === 'geometry') {
      const label = fieldLabel(at(input, 'properties', 'field_name'));
      return geometryIssue(['body', 'geometry'], label, shapeProblem(at(input, 'geometry')));
    }
    return issue;
  };
}
