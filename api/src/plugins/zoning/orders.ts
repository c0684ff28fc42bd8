import {
  unitRelabelMessage,
  type AreaGeometry,
  type ValidationIssue,
  type ZoneCollection,
  type ZoningOrder,
  type ZoningUpdatePayload,
} from '@paddock/shared/contracts';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { HttpError, notFound, UnprocessableError } from '../../errors';
import { isUuid } from '../../db/ids';
import { requireFarmRole, type Caller } from '../farms/access';
import { findGeometryProblem } from '../../geo/geometry';
import { boundZonesToFields, intersectGeometries, zonesOutline, type BoundaryField } from './bound';
import type { PrescriptionInput } from './prescription';
import type { Db, Trx } from '../../db';

export const ORDER_NOT_FOUND = 'Order not found';
export const VIEWERS_CANNOT_ZONE = "Viewers can't zone this farm's fields";

const round2 = (value: number) => Math.round(value * 100) / 100;
const iso = (value: Date | string): string => new Date(value).toISOString();

/** A new download key: 144 random bits, URL-safe. */
export const newDownloadKey = (): string => randomBytes(18).toString('base64url');

/**
 * Checks a zone collection against its order (creation payload or rate update): every zone on one of
 * the order's fields, numbered within the zone count, with a usable polygon; throws a 422 naming each
 * bad zone under `loc`. The zones kept are then cut to the fields and measured by `boundZonesToFields`.
 */
export function checkZones(
  zones: ZoneCollection,
  fieldIds: readonly string[],
  numZones: number,
  loc: readonly (string | number)[],
): void {
  const known = new Set(fieldIds);
  const issues: ValidationIssue[] = [];
  zones.features.forEach((feature, index) => {
    const at = [...loc, 'features', index];
    if (!known.has(feature.properties.field_id)) {
      issues.push({
        loc: [...at, 'properties', 'field_id'],
        msg: `Zone ${index + 1} belongs to a field that is not in this order`,
        type: 'value_error',
      });
    }
    if (feature.properties.zone > numZones) {
      issues.push({
        loc: [...at, 'properties', 'zone'],
        msg: `Zone ${index + 1} is numbered ${feature.properties.zone} but there are ${numZones} zones`,
        type: 'value_error',
      });
    }
    const problem = findGeometryProblem(feature.geometry);
    if (problem)
      issues.push({ loc: [...at, 'geometry'], msg: `Zone ${index + 1}: ${problem.message}`, type: 'value_error' });
  });
  for (const key of Object.keys(zones.rates ?? {})) {
    if (Number(key) > numZones) {
      issues.push({
        loc: [...loc, 'rates', key],
        msg: `There is no zone ${key} in ${numZones} zones`,
        type: 'value_error',
      });
    }
  }
  if (issues.length > 0) throw new UnprocessableError(issues);
}

/** What a zoning order is made from: one paid-for cart item (its zones already checked and bound). */
export interface ZoningOrderItem {
  cartItemId: string;
  farmId: string;
  algorithm: string;
  catalogEntry: string;
  numZones: number;
  zoneResolution: number;
  fields: readonly string[];
  zones: ZoneCollection;
  areaHa: number;
  priceCents: number;
}

/**
 * Places the zoning orders of a payment's items, in the payment's transaction: paid ones get their
 * download key at once, pending ones (an invoice opened before credit was given) when delivered.
 * An item already placed is skipped (one order per cart item).
 */
export async function placeZoningOrders(
  trx: Trx,
  payment: { id: string; account_id: string },
  items: readonly ZoningOrderItem[],
  status: 'pending' | 'paid',
): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('zoning_orders')
    .values(
      items.map((item) => ({
        account_id: payment.account_id,
        farm_id: item.farmId,
        payment_id: payment.id,
        cart_item_id: item.cartItemId,
        status,
        algorithm: item.algorithm,
        catalog_entry: item.catalogEntry,
        num_zones: item.numZones,
        zone_resolution: item.zoneResolution,
        fields: JSON.stringify(item.fields),
        zones: JSON.stringify(item.zones),
        area_ha: item.areaHa,
        price_cents: item.priceCents,
        download_key: status === 'paid' ? newDownloadKey() : null,
        paid_on: status === 'paid' ? new Date() : null,
      })),
    )
    .onConflict((oc) => oc.column('cart_item_id').doNothing())
    .execute();
}

/** Delivers a payment's pending zoning orders (its invoice was marked paid): paid, each with a download key. */
export async function deliverZoningOrders(trx: Trx, paymentId: string): Promise<void> {
  const pending = await trx
    .selectFrom('zoning_orders')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'pending')
    .execute();
  for (const order of pending) {
    await trx
      .updateTable('zoning_orders')
      .set({ status: 'paid', paid_on: new Date(), download_key: newDownloadKey() })
      .where('id', '=', order.id)
      .execute();
  }
}

interface ZoningOrderFilter {
  id?: string;
  farmId?: string;
  paymentId?: string;
  status?: 'pending' | 'paid';
  fields?: string[];
}

/**
 * Zoning orders the caller may see: their own, and those of farms they own or are a member of (the
 * farm's zone layer). Anyone else's order is not there (404 by id). A payment's orders are its payer's only.
 */
function zoningOrderQuery(db: Db, accountId: string, filter: ZoningOrderFilter) {
  let query = db
    .selectFrom('zoning_orders as o')
    .innerJoin('farms as f', 'f.id', 'o.farm_id')
    .selectAll('o')
    .select('f.name as farm_name')
    // The names of the fields paid for (Orders lists them); a deleted field has none.
    .select(
      sql<
        string[] | null
      >`(select jsonb_agg(fl.name order by fl.name) from fields fl where fl.id::text in (select jsonb_array_elements_text(o.fields)))`.as(
        'field_names',
      ),
    )
    .where((eb) =>
      eb.or([
        eb('o.account_id', '=', accountId),
        eb('f.owner_id', '=', accountId),
        eb.exists(
          eb
            .selectFrom('farm_members as m')
            .select('m.farm_id')
            .whereRef('m.farm_id', '=', 'o.farm_id')
            .where('m.account_id', '=', accountId),
        ),
      ]),
    );
  if (filter.id) query = query.where('o.id', '=', filter.id);
  if (filter.farmId) query = query.where('o.farm_id', '=', filter.farmId);
  if (filter.paymentId)
    query = query.where('o.payment_id', '=', filter.paymentId).where('o.account_id', '=', accountId);
  if (filter.status) query = query.where('o.status', '=', filter.status);
  if (filter.fields && filter.fields.length > 0)
    query = query.where(sql<boolean>`o.fields @> ${JSON.stringify(filter.fields)}::jsonb`);
  return query.orderBy('o.created_on', 'desc').orderBy('o.id').execute();
}

type ZoningOrderRow = Awaited<ReturnType<typeof zoningOrderQuery>>[number];

export function toZoningOrder(row: ZoningOrderRow): ZoningOrder {
  return {
    id: row.id,
    farm_id: row.farm_id,
    farm_name: row.farm_name,
    payment_id: row.payment_id,
    status: row.status,
    algorithm: row.algorithm,
    catalog_entry: row.catalog_entry,
    num_zones: row.num_zones,
    zone_resolution: row.zone_resolution,
    fields: row.fields,
    field_names: row.field_names ?? [],
    zones: JSON.stringify(row.zones),
    area: round2(row.area_ha),
    price: row.price_cents,
    download_key: row.download_key,
    created_on: iso(row.created_on),
    paid_on: row.paid_on === null ? null : iso(row.paid_on),
  };
}

export async function listZoningOrders(db: Db, accountId: string, filter: ZoningOrderFilter): Promise<ZoningOrder[]> {
  const ids = [filter.farmId, filter.paymentId, ...(filter.fields ?? [])].filter((id) => id !== undefined);
  if (ids.some((id) => !isUuid(id))) return [];
  return (await zoningOrderQuery(db, accountId, filter)).map(toZoningOrder);
}

/** The order with this id when the caller may see it; else 404 with `missing`. */
async function visibleOrder(db: Db, accountId: string, id: string, missing = ORDER_NOT_FOUND): Promise<ZoningOrderRow> {
  if (!isUuid(id)) throw notFound(missing);
  const [order] = await zoningOrderQuery(db, accountId, { id });
  if (!order) throw notFound(missing);
  return order;
}

export async function getZoningOrder(db: Db, accountId: string, id: string): Promise<ZoningOrder> {
  return toZoningOrder(await visibleOrder(db, accountId, id));
}

/**
 * New rates (and zone numbers, if the user repainted) for a paid order: the caller must be able to
 * zone its farm (owner or editor; a viewer 403, anyone else 404). The download key stays the same, so
 * links already handed out give the new files. Answers what the route sends back and what the new
 * zips are made from (the order loaded and checked once, here).
 */
export async function updateZoningOrder(
  db: Db,
  account: Caller,
  payload: ZoningUpdatePayload,
): Promise<{ updated: { id: string; download_key: string; fields: string[] }; downloadable: DownloadableOrder }> {
  const order = await visibleOrder(db, account.id, payload.id);
  await requireFarmRole(db, account, order.farm_id, 'editor', { forbidden: VIEWERS_CANNOT_ZONE });
  if (order.status !== 'paid' || !order.download_key) {
    throw new HttpError(409, 'This order is not paid yet: its rates can be edited once it is paid');
  }
  checkZones(payload.zones, order.fields, order.num_zones, ['body', 'zones']);
  // What was sold is what is kept: a product or unit left out stays as saved; a unit change that
  // would relabel the same numbers needs the client to say it converted or asked (never silent).
  const saved = order.zones as ZoneCollection;
  const product = payload.zones.product ?? saved.product;
  const unit = payload.zones.unit ?? saved.unit;
  if (saved.unit && unit !== saved.unit && payload.confirm_unit_change !== true) {
    throw new UnprocessableError([
      { loc: ['body', 'zones', 'unit'], msg: unitRelabelMessage(saved.unit, unit as string), type: 'value_error' },
    ]);
  }
  // New classes and rates inside what was paid for only: each field's zones as sold, within the
  // field's boundary today (a field enlarged since gains nothing; a deleted one keeps its zones).
  const fieldRows = await fieldRowsOf(db, order.fields);
  const zones = boundZonesToFields(
    {
      ...payload.zones,
      ...(product === undefined ? {} : { product }),
      ...(unit === undefined ? {} : { unit }),
      // What the zones were made of is what was sold: new rates never change it.
      made_from: saved.made_from,
    },
    paidBoundaries(fieldRows, order.fields, saved),
    ['body', 'zones'],
  );
  const stored = JSON.stringify(zones);
  await db.updateTable('zoning_orders').set({ zones: stored }).where('id', '=', order.id).execute();
  return {
    updated: { id: order.id, download_key: order.download_key, fields: order.fields },
    // As a download reads it back: the zones as stored (JSON), the fields as just read.
    downloadable: downloadableOf({ ...order, zones: JSON.parse(stored) as ZoneCollection }, fieldRows),
  };
}

/**
 * The boundaries an order's zones are bound to: each of its fields as sold (the outline of the zones
 * stored at payment) within the field's boundary today. A field deleted since keeps its outline; so
 * does one moved clear of it when `apart` is 'as-sold' (a download), while an update refuses it.
 */
function paidBoundaries(
  rows: readonly FieldRowOf[],
  fieldIds: readonly string[],
  stored: ZoneCollection,
  apart: 'unknown' | 'as-sold' = 'unknown',
): BoundaryField[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return fieldIds.map((id) => {
    const row = byId.get(id);
    const outline = zonesOutline(stored, id);
    const today = row ? (row.geometry as AreaGeometry) : null;
    const geometry =
      outline && today
        ? (intersectGeometries(today, outline) ?? (apart === 'as-sold' ? outline : null))
        : (outline ?? today);
    return {
      id,
      name: row?.name ?? 'Field',
      geometry: geometry ?? { type: 'Polygon' as const, coordinates: [] },
    };
  });
}

const fieldRowsOf = (db: Db, ids: readonly string[]) =>
  db
    .selectFrom('fields')
    .select(['id', 'name', 'geometry'])
    .where('id', 'in', ids.length ? [...ids] : ['00000000-0000-0000-0000-000000000000'])
    .execute();
type FieldRowOf = Awaited<ReturnType<typeof fieldRowsOf>>[number];

export interface DownloadableOrder {
  order: ZoningOrder;
  zones: ZoneCollection;
  fields: { id: string; name: string; geometry: AreaGeometry }[];
}

/** What the order's zip (per field, or `unified` for the farm) is made from. */
export function exportInput({ order, zones, fields }: DownloadableOrder, unified: boolean): PrescriptionInput {
  return { farmName: order.farm_name, fields, zones, numZones: order.num_zones, unified };
}

/**
 * The paid order behind a download key, for any member of its farm: a viewer reads the farm's zones,
 * so they may download the files of a paid order too (they may not change its rates: see
 * `updateZoningOrder`). 404 for an unknown key, a pending order or someone who is not a member.
 */
export async function orderForDownload(db: Db, account: Caller, downloadKey: string): Promise<DownloadableOrder> {
  const row = await db
    .selectFrom('zoning_orders')
    .select(['id'])
    .where('download_key', '=', downloadKey)
    .where('status', '=', 'paid')
    .executeTakeFirst();
  if (!row) throw notFound('Download not found');
  const order = await visibleOrder(db, account.id, row.id, 'Download not found');
  await requireFarmRole(db, account, order.farm_id, 'viewer', { notFound: 'Download not found' });
  return downloadableOf(order, await fieldRowsOf(db, order.fields));
}

/** What a paid order's zips are made from, given the order (loaded and checked) and its fields' rows. */
function downloadableOf(order: ZoningOrderRow, fieldRows: readonly FieldRowOf[]): DownloadableOrder {
  // A field deleted since the order was paid keeps its zones; its boundary is then the zones' outline.
  const byId = new Map(fieldRows.map((field) => [field.id, field]));
  const stored = order.zones as ZoneCollection;
  // Every file is made from zones cut to the paid fields, whenever and however the order was stored
  // (orders saved before zones were clipped may hold shapes far larger than the field they paid for).
  const paid = paidBoundaries(fieldRows, order.fields, stored, 'as-sold');
  const zones = boundZonesToFields(stored, paid, ['zones']);
  return {
    order: toZoningOrder(order),
    zones,
    fields: order.fields.map((id) => {
      const row = byId.get(id);
      if (row) return { id, name: row.name, geometry: row.geometry as AreaGeometry };
      const polygons = zones.features
        .filter((feature) => feature.properties.field_id === id)
        .flatMap((feature) =>
          feature.geometry.type === 'Polygon' ? [feature.geometry.coordinates] : feature.geometry.coordinates,
        );
      return { id, name: 'Field', geometry: { type: 'MultiPolygon', coordinates: polygons } };
    }),
  };
}
