import { loopTurns, yieldToLoop, type LoopTurns } from '../../event-loop';
import type { AreaGeometry, FarmRole, FieldCollection, FieldFeature, ValidationIssue } from '@paddock/shared/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database, FieldRow, FieldUpdate, NewField } from '../../db/types';
import { notFound, UnprocessableError } from '../../errors';
import type { IssueRewriter } from '../../validation';
import { normaliseCropType } from '../farms/api';
import { describeLocation } from '../../geo/location';
import { isUuid } from '../../db/ids';
import { FARM_NOT_FOUND, FIELD_NOT_FOUND } from '../farms/access';
import { BoundaryCheckTimeout, type BoundaryInspector } from './boundaries';
import { roundArea, unionBBox, type GeometryProblem, type InspectedBoundary } from '../../geo/geometry';
import type { Db } from '../../db';

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

/**
 * Stored boundary bytes read per statement. Rows are rebuilt on the event loop's thread (by pg's
 * parser, or from the embedded database's thread by structured clone), so a farm of big boundaries is
 * read a few rows at a time, yielding between them, instead of in one piece that holds every other request.
 */
const READ_BATCH_BYTES = 256 * 1024;

/** The farm's fields, in the order they were added (big boundaries read a slice at a time). */
export async function listFields(db: Db, farmId: string): Promise<FieldRow[]> {
  const sizes = await db
    .selectFrom('fields')
    .select(['id', sql<number>`pg_column_size(geometry)`.as('bytes')])
    .where('farm_id', '=', farmId)
    .orderBy('seq')
    .execute();
  const total = sizes.reduce((sum, row) => sum + Number(row.bytes), 0);
  if (total <= READ_BATCH_BYTES) {
    return db.selectFrom('fields').selectAll().where('farm_id', '=', farmId).orderBy('seq').execute();
  }
  const byId = new Map<string, FieldRow>();
  for (let start = 0; start < sizes.length;) {
    let end = start;
    let bytes = 0;
    while (end < sizes.length && (end === start || bytes + Number(sizes[end]?.bytes) <= READ_BATCH_BYTES)) {
      bytes += Number(sizes[end]?.bytes);
      end += 1;
    }
    if (start > 0) await yieldToLoop();
    const ids = sizes.slice(start, end).map((row) => row.id);
    for (const row of await db.selectFrom('fields').selectAll().where('id', 'in', ids).execute()) byId.set(row.id, row);
    start = end;
  }
  // A field deleted between the two reads is left out; the order stays the order added.
  return sizes.flatMap((row) => byId.get(row.id) ?? []);
}

/** A field's feature as JSON text, its geometry given as text (as stored): equal to `JSON.stringify(feature)`. */
function featureJson(feature: FieldFeature, geometryText: string): string {
  const { type, id, bbox, properties } = feature;
  return `{"type":${JSON.stringify(type)},"id":${JSON.stringify(id)},"geometry":${geometryText},"bbox":${JSON.stringify(bbox)},"properties":${JSON.stringify(properties)}}`;
}

/**
 * The collection as JSON text, in pieces of a few hundred kilobytes written out as they are sent, with
 * a turn of the event loop between pieces: a farm of big boundaries is megabytes of JSON, which written
 * out (and then encoded and written to the socket) in one go would hold every other request.
 * `geometryTexts` (by row, optional): boundaries already written as JSON (`geometryJson`, for storing
 * them), which are then not written out again; other large boundaries are written out by `geometryJson`.
 */
export async function* fieldCollectionJson(
  rows: readonly FieldRow[],
  role: FarmRole,
  geometryTexts: readonly string[] = [],
): AsyncGenerator<string> {
  const collection = toFieldCollection(rows, role);
  const turns = loopTurns();
  let piece = '{"type":"FeatureCollection","features":[';
  for (const [index, feature] of collection.features.entries()) {
    // A detailed boundary is written out in slices too (some 15 ms whole for 10,000 positions).
    const geometryText =
      geometryTexts[index] ??
      (positionCount(feature.geometry) > POSITIONS_PER_PIECE ? await geometryJson(feature.geometry, turns) : undefined);
    const text = geometryText === undefined ? JSON.stringify(feature) : featureJson(feature, geometryText);
    piece += `${index > 0 ? ',' : ''}${text}`;
    if (piece.length > YIELD_EVERY_CHARS) {
      yield piece;
      piece = '';
      await yieldToLoop();
    }
  }
  yield `${piece}],"bbox":${JSON.stringify(collection.bbox)}}`;
}

/** Positions written out by one JSON.stringify call (a few hundred microseconds once optimised). */
const POSITIONS_PER_PIECE = 500;

/**
 * `JSON.stringify({ type, coordinates })` of the geometry, the same text, written a few hundred
 * positions at a time with turns of the event loop when `turns` says: a 10,000-position boundary
 * takes some 15 ms to write out whole (every coordinate's shortest decimal form), which held /health
 * as long during an import of detailed boundaries.
 */
export async function geometryJson(geometry: AreaGeometry, turns: LoopTurns = loopTurns()): Promise<string> {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const polygonTexts: string[] = [];
  for (const polygon of polygons) {
    const ringTexts: string[] = [];
    for (const ring of polygon) {
      const pieces: string[] = [];
      for (let start = 0; start < ring.length; start += POSITIONS_PER_PIECE) {
        pieces.push(JSON.stringify(ring.slice(start, start + POSITIONS_PER_PIECE)).slice(1, -1));
        if (turns.due()) await turns.turn();
      }
      ringTexts.push(`[${pieces.join(',')}]`);
    }
    polygonTexts.push(`[${ringTexts.join(',')}]`);
  }
  const coordinates = geometry.type === 'Polygon' ? (polygonTexts[0] ?? '[]') : `[${polygonTexts.join(',')}]`;
  return `{"type":${JSON.stringify(geometry.type)},"coordinates":${coordinates}}`;
}

/** JSON characters written between two yields to the event loop. */
const YIELD_EVERY_CHARS = 256 * 1024;

/** Adds the fields (all or nothing) and refreshes the farm's totals; the new rows in the order added. */
export async function createFields(
  db: Db,
  farmId: string,
  rows: readonly NewField[],
  geometries: readonly AreaGeometry[],
): Promise<FieldRow[]> {
  return db.transaction().execute(async (trx) => {
    await lockFarm(trx, farmId);
    const inserted = await insertFields(trx, rows, geometries);
    await refreshFarmSummary(trx, farmId);
    return inserted;
  });
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

/**
 * Sets the crop type of several fields of one farm in one transaction; 404 'Field not found' (nothing
 * changed) when one of them is not a field of the farm. The fields in the order asked.
 */
export async function setCropTypes(
  db: Db,
  farmId: string,
  fieldIds: readonly string[],
  cropType: string | null,
): Promise<FieldRow[]> {
  const ids = [...new Set(fieldIds)];
  if (!ids.every(isUuid)) throw notFound(FIELD_NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    await lockFarm(trx, farmId);
    const updated = await trx
      .updateTable('fields')
      .set({ crop_type: cropType, updated_on: sql<Date>`now()` })
      .where('farm_id', '=', farmId)
      .where('id', 'in', ids)
      .returningAll()
      .execute();
    if (updated.length !== ids.length) throw notFound(FIELD_NOT_FOUND);
    await refreshFarmSummary(trx, farmId);
    const byId = new Map(updated.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) as FieldRow);
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
      // Field areas are stored to 1 m²; their sum, rounded to 1 m² again, is what any screen adding them shows.
      sql<number>`round(coalesce(sum(area), 0)::numeric, 4)::float8`.as('area'),
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
  boundary: InspectedBoundary,
  /** The boundary as JSON text when already written (`geometryJson`). */
  geometryText?: string,
): NewField {
  const { geometry, area, bbox } = boundary;
  return {
    farm_id: farmId,
    name,
    crop_type: normaliseCropType(cropType),
    geometry: geometryText ?? JSON.stringify({ type: geometry.type, coordinates: geometry.coordinates }),
    area,
    min_lon: bbox[0],
    min_lat: bbox[1],
    max_lon: bbox[2],
    max_lat: bbox[3],
  };
}

/** Rows per INSERT (10 parameters each, well under PostgreSQL's 65,535). */
const INSERT_BATCH_ROWS = 500;
/**
 * Positions per INSERT, so no one statement carries a whole import: a 10,000-position boundary (about
 * 280 kB of JSON, some 25 ms for PGlite to store in its own thread) goes in a statement of its own, and
 * the event loop turns between statements.
 */
const INSERT_BATCH_POSITIONS = 4_000;

export const positionCount = (geometry: AreaGeometry): number =>
  (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates).reduce(
    (total, polygon) => total + polygon.reduce((sum, ring) => sum + ring.length, 0),
    0,
  );

/**
 * Inserts new fields in batches, yielding to the event loop between them, and gives back their rows
 * in order. Boundaries are not read back from the database: `geometries` (what was stored) are used.
 */
export async function insertFields(
  trx: Transaction<Database>,
  rows: readonly NewField[],
  geometries: readonly AreaGeometry[],
): Promise<FieldRow[]> {
  const inserted: FieldRow[] = [];
  let start = 0;
  while (start < rows.length) {
    let end = start;
    let positions = 0;
    while (end < rows.length && end - start < INSERT_BATCH_ROWS) {
      positions += positionCount(geometries[end] as AreaGeometry);
      if (end > start && positions > INSERT_BATCH_POSITIONS) break;
      end += 1;
    }
    if (start > 0) await yieldToLoop();
    const batch = await trx
      .insertInto('fields')
      .values(rows.slice(start, end))
      .returning(['id', 'farm_id', 'seq', 'name', 'crop_type', 'area', 'min_lon', 'min_lat', 'max_lon', 'max_lat'])
      .returning(['created_on', 'updated_on'])
      .execute();
    // Rows of one INSERT get their sequence numbers in the order of its VALUES.
    batch.sort((a, b) => (BigInt(a.seq) < BigInt(b.seq) ? -1 : 1));
    batch.forEach((row, i) => inserted.push({ ...row, geometry: geometries[start + i] as AreaGeometry }));
    start = end;
  }
  return inserted;
}

/**
 * The boundaries of a request, checked and measured (off the event loop when large); a 422 naming
 * each field whose boundary cannot be saved, or all of them when checking took longer than allowed.
 */
export async function inspectedBoundaries(
  inspector: BoundaryInspector,
  boundaries: ReadonlyArray<{ geometry: AreaGeometry; loc: (string | number)[]; label: string }>,
): Promise<InspectedBoundary[]> {
  let results;
  try {
    results = await inspector.inspect(boundaries.map((boundary) => boundary.geometry));
  } catch (error) {
    if (!(error instanceof BoundaryCheckTimeout)) throw error;
    const [first] = boundaries;
    throw new UnprocessableError([
      {
        loc: boundaries.length === 1 && first ? first.loc : ['body', 'features'],
        msg: `These boundaries (${error.positions.toLocaleString('en-AU')} positions) took too long to check. Simplify them or add them a few at a time.`,
        type: 'too_complex',
      },
    ]);
  }
  const issues: ValidationIssue[] = [];
  const measured: InspectedBoundary[] = [];
  results.forEach((result, i) => {
    const { loc, label } = boundaries[i] as (typeof boundaries)[number];
    if (result.ok) measured.push(result.boundary);
    else issues.push(geometryIssue(loc, label, result.problem));
  });
  if (issues.length > 0) throw new UnprocessableError(issues);
  return measured;
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
