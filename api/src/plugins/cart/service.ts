import {
  ZONING_AREA_LIMIT_HA,
  type AreaGeometry,
  type CartItem,
  type CartItemDetails,
  type ZoningCartPayload,
} from '@paddock/shared/contracts';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AccountRow } from '../../db/types';
import { forbidden, HttpError, notFound, UnprocessableError } from '../../errors';
import { gstIncluded, sumCents, zoningPriceCents } from '../../payments/money';
import { fieldInAustralia } from '../../payments/place-of-supply';
import { isUuid, requireFarmRoleOf } from '../farms/access';
import {
  ALREADY_PAYING,
  closeGivenUpIntentsAfter,
  giveUpPayment,
  latestCardPayment,
  mayPayByInvoice,
  openInvoice,
  payByCard,
  registerPaymentPurpose,
  type PaymentRow,
  type PricedThing,
  type PurchaseDeps,
} from '../payments/api';
import { boundZonesToFields, checkZones, deliverZoningOrders, placeZoningOrders } from '../zoning/api';
import type { Db, Trx } from '../../db';

/** The purpose of payments made by the cart's checkout. */
export const CART_PURPOSE = 'cart';
export const CART_ITEM_NOT_FOUND = 'Cart item not found';
export const INVOICE_NOT_ALLOWED = 'Paying by invoice is not available for your account. Please contact us.';

type CartItemRow = Awaited<ReturnType<typeof listCartRows>>[number];

/**
 * What is stored in `cart_items.details` for a zoning item (the payload, less what the server owns),
 * with each field's boundary fingerprint when it was added (a field changed since is a stale price).
 */
type StoredZoningDetails = Omit<ZoningCartPayload, 'farm_id'> & { field_versions?: Record<string, string> };

/**
 * The thing a cart checkout buys: the caller's set of items. A checkout of another set that shares an
 * item replaces the open payment of the first (an item is in at most one open payment).
 */
export const cartPurchaseKey = (accountId: string, itemIds: readonly string[]) =>
  `cart:${accountId}:${createHash('sha256')
    .update([...itemIds].sort().join(','))
    .digest('hex')
    .slice(0, 32)}`;

export const STALE_ITEM = (farmName: string) =>
  `The fields of your zones on '${farmName}' have changed since you added them to your cart, so their price is out of date. Remove them and create their zones again.`;

/** Each field's area, box and boundary fingerprint (md5 of the stored GeoJSON), by id. */
export async function fieldVersions(db: Db | Trx, ids: readonly string[]) {
  const valid = ids.filter((id) => isUuid(id));
  if (valid.length === 0) return new Map<string, FieldVersion>();
  const rows = await db
    .selectFrom('fields')
    .select(['id', 'area', 'min_lon', 'min_lat', 'max_lon', 'max_lat', sql<string>`md5(geometry::text)`.as('version')])
    .where('id', 'in', valid)
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}
type FieldVersion = {
  id: string;
  area: number;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  version: string;
};

/** GST of zoning follows the place of supply: an item whose fields are in Australia is taxable. */
function itemInAustralia(details: StoredZoningDetails, fields: Map<string, FieldVersion>): boolean {
  return details.fields.some((id) => {
    const field = fields.get(id);
    return field ? fieldInAustralia(field) : false;
  });
}

/** The GST inside a set of zoning items' prices (items on Australian fields only). */
async function zoningGst(db: Db | Trx, items: readonly { details: unknown; price: number }[]): Promise<number> {
  const fields = await fieldVersions(
    db,
    items.flatMap((item) => (item.details as StoredZoningDetails).fields),
  );
  const taxable = items.filter((item) => itemInAustralia(item.details as StoredZoningDetails, fields));
  return gstIncluded(sumCents(taxable.map((item) => item.price)), true);
}

const iso = (value: Date | string): string => new Date(value).toISOString();
const round2 = (value: number) => Math.round(value * 100) / 100;

function listCartRows(db: Db | Trx, accountId: string) {
  return db
    .selectFrom('cart_items as c')
    .innerJoin('farms as f', 'f.id', 'c.farm_id')
    .select([
      'c.id',
      'c.item_type',
      'c.farm_id',
      'c.details',
      'c.area_ha',
      'c.price_cents',
      'c.payment_id',
      'c.created_on',
      'f.name as farm_name',
    ])
    .where('c.account_id', '=', accountId)
    .orderBy('c.created_on')
    .orderBy('c.id')
    .execute();
}

export function toCartItem(row: CartItemRow, hectareCostCents: number): CartItem {
  const stored = row.details as StoredZoningDetails;
  const details: CartItemDetails = {
    farm_id: row.farm_id,
    farm_name: row.farm_name,
    num_zones: stored.num_zones,
    fields: stored.fields,
    zones: stored.zones,
    algorithm: stored.algorithm,
    catalog_entry: stored.catalog_entry,
    zone_resolution: stored.zone_resolution,
    area: round2(row.area_ha),
  };
  return {
    id: row.id,
    item_type: row.item_type,
    details,
    price: zoningPriceCents(row.area_ha, hectareCostCents),
    created_on: iso(row.created_on),
  };
}

export async function loadCart(db: Db, account: AccountRow, hectareCostCents: number) {
  const rows = await listCartRows(db, account.id);
  const items = rows.map((row) => toCartItem(row, hectareCostCents));
  const total = sumCents(items.map((item) => item.price));
  const gst = await zoningGst(
    db,
    rows.map((row, i) => ({ details: row.details, price: (items[i] as CartItem).price })),
  );
  return { data: items, total, gst, currency: 'aud' as const };
}

/**
 * Adds a zoning item: the caller must be able to zone the farm (editor or owner), every field must be
 * on it and under the 800 ha limit, every zone must belong to one of those fields. The zones kept are
 * cut to the fields' boundaries and cover them exactly; the area charged for is the server's own (the
 * fields' geodesic areas, which are the zones' areas added up), so what the client says about shapes,
 * areas or totals changes nothing it pays or gets.
 */
export async function addZoningItem(
  db: Db,
  account: AccountRow,
  payload: ZoningCartPayload,
  hectareCostCents: number,
): Promise<CartItem> {
  const { farm } = await requireFarmRoleOf(db, account.id, payload.farm_id, 'editor', {
    forbidden: "Viewers can't add this farm's zones to a cart",
  });

  const fieldIds = [...new Set(payload.fields)];
  const invalid = fieldIds.filter((id) => !isUuid(id));
  const fields =
    invalid.length === fieldIds.length
      ? []
      : await db
          .selectFrom('fields')
          .select(['id', 'name', 'area', 'geometry'])
          .where('farm_id', '=', farm.id)
          .where(
            'id',
            'in',
            fieldIds.filter((id) => isUuid(id)),
          )
          .execute();
  const known = new Set(fields.map((field) => field.id));
  const issues = fieldIds.flatMap((id) =>
    known.has(id)
      ? []
      : [
          {
            loc: ['body', 'fields', payload.fields.indexOf(id)],
            msg: `Field ${id} is not on this farm`,
            type: 'value_error',
          },
        ],
  );
  for (const field of fields) {
    if (field.area >= ZONING_AREA_LIMIT_HA) {
      issues.push({
        loc: ['body', 'fields', payload.fields.indexOf(field.id)],
        msg: `Zone area exceeded: '${field.name}' is ${round2(field.area)} ha; fields of ${ZONING_AREA_LIMIT_HA} ha or more cannot be zoned`,
        type: 'value_error',
      });
    }
  }
  if (issues.length > 0) throw new UnprocessableError(issues);
  // The zones themselves: on the order's fields, numbered within the zone count, cut to the fields'
  // boundaries (so they cover exactly the hectares charged for) and measured by the server.
  checkZones(payload.zones, fieldIds, payload.num_zones, ['body', 'zones']);
  const zones = boundZonesToFields(
    payload.zones,
    fields.map((field) => ({ id: field.id, name: field.name, geometry: field.geometry as AreaGeometry })),
    ['body', 'zones'],
  );

  const area = fields.reduce((sum, field) => sum + field.area, 0);
  const { farm_id: _farmId, ...details } = payload;
  const versions = await fieldVersions(db, fieldIds);
  const stored: StoredZoningDetails = {
    ...details,
    fields: fieldIds,
    zones,
    field_versions: Object.fromEntries([...versions.values()].map((field) => [field.id, field.version])),
  };
  const row = await db
    .insertInto('cart_items')
    .values({
      account_id: account.id,
      item_type: 'zoning',
      farm_id: farm.id,
      details: JSON.stringify(stored),
      area_ha: area,
      price_cents: zoningPriceCents(area, hectareCostCents),
    })
    .returning(['id', 'item_type', 'farm_id', 'details', 'area_ha', 'price_cents', 'payment_id', 'created_on'])
    .executeTakeFirstOrThrow();
  return toCartItem({ ...row, farm_name: farm.name }, hectareCostCents);
}

/**
 * Locks every item of the account's cart, in one order, before a checkout or a removal changes any:
 * they run one at a time per cart and never deadlock. Locking only the items named was not enough:
 * giving up the open payment of another set ([a, b] while checking out [a]) puts that set's items
 * back, rows the call had not locked, while a checkout of [a, b] held b and waited for a (PostgreSQL
 * broke each such cycle after its 1 s deadlock timeout; a burst of alternating checkouts took seconds).
 */
async function lockCart(trx: Trx, accountId: string): Promise<void> {
  await lockCartItems(trx, 'account_id', accountId);
}

/** Locks the cart items whose `column` is `value`, in the one order every path uses (by id). */
async function lockCartItems(trx: Trx, column: 'account_id' | 'payment_id', value: string): Promise<void> {
  await trx.selectFrom('cart_items').select('id').where(column, '=', value).orderBy('id').forUpdate().execute();
}

/**
 * Removes the caller's items (all when `ids` is undefined). An open payment that included one of them
 * is given up (its amount no longer matches the cart); the caller closes its intent at the provider
 * (`closeGivenUpIntents` with the keys returned).
 */
export async function removeCartItems(db: Db, accountId: string, ids?: readonly string[]): Promise<string[]> {
  if (ids && ids.some((id) => !isUuid(id))) throw notFound(CART_ITEM_NOT_FOUND);
  return db.transaction().execute(async (trx) => {
    await lockCart(trx, accountId);
    let query = trx.deleteFrom('cart_items').where('account_id', '=', accountId);
    if (ids) query = query.where('id', 'in', ids);
    const removed = await query.returning(['id', 'payment_id']).execute();
    if (ids && removed.length !== new Set(ids).size) throw notFound(CART_ITEM_NOT_FOUND);
    const keys: string[] = [];
    for (const paymentId of new Set(removed.flatMap((row) => (row.payment_id ? [row.payment_id] : [])))) {
      const given = await giveUpPayment(trx, paymentId, 'The cart changed');
      if (given?.purchase_key) keys.push(given.purchase_key);
    }
    return keys;
  });
}

/**
 * The caller's items named by `cart_ids` (each once), priced now inside the seam's transaction: the
 * whole cart is locked (checkouts of one cart run one at a time), any id that is not
 * one of the caller's items is a 404, an item on a farm the caller can no longer zone is refused as
 * adding it would be, and an item whose fields changed since it was added (boundary or area) is
 * refused with 409: its price is out of date, and the checkout never charges a price not shown.
 * `attach` ties the payment to the items.
 */
export async function priceCheckout(
  trx: Trx,
  account: AccountRow,
  cartIds: readonly string[],
  hectareCostCents: number,
): Promise<PricedThing & { rows: CartItemRow[] }> {
  const ids = [...new Set(cartIds)];
  if (ids.some((id) => !isUuid(id))) throw notFound(CART_ITEM_NOT_FOUND);
  await lockCart(trx, account.id);
  const rows = (await listCartRows(trx, account.id)).filter((row) => ids.includes(row.id));
  if (rows.length !== ids.length) throw notFound(CART_ITEM_NOT_FOUND);
  for (const farmId of new Set(rows.map((row) => row.farm_id))) {
    await requireFarmRoleOf(trx, account.id, farmId, 'editor', { forbidden: "Viewers can't buy zones of this farm" });
  }
  const fields = await fieldVersions(
    trx,
    rows.flatMap((row) => (row.details as StoredZoningDetails).fields),
  );
  for (const row of rows) {
    const details = row.details as StoredZoningDetails;
    const current = details.fields.map((id) => fields.get(id));
    const gone = current.some((field) => field === undefined);
    const area = current.reduce((sum, field) => sum + (field?.area ?? 0), 0);
    const changed = details.field_versions
      ? details.fields.some((id) => details.field_versions?.[id] !== fields.get(id)?.version)
      : Math.round(area * 100) !== Math.round(row.area_ha * 100);
    if (gone || changed) throw new HttpError(409, STALE_ITEM(row.farm_name));
  }
  const prices = rows.map((row) => zoningPriceCents(row.area_ha, hectareCostCents));
  const amount = sumCents(prices);
  if (amount === 0) throw new HttpError(409, 'There is nothing to pay for in these cart items');
  const gst = gstIncluded(
    sumCents(prices.filter((_, i) => itemInAustralia((rows[i] as CartItemRow).details as StoredZoningDetails, fields))),
    true,
  );
  const itemIds = rows.map((row) => row.id).sort();
  return {
    rows,
    key: cartPurchaseKey(account.id, itemIds),
    signature: `${itemIds.join(',')}:${amount}`,
    // Open payments that included one of these items (another set) are replaced.
    replaces: [...new Set(rows.flatMap((row) => (row.payment_id ? [row.payment_id] : [])))],
    amountCents: amount,
    gstCents: gst,
    async attach(tx, payment) {
      await tx.updateTable('cart_items').set({ payment_id: payment.id }).where('id', 'in', itemIds).execute();
    },
  };
}

/**
 * Turns the payment's cart items into zoning orders (pending for an invoice, paid for a paid payment)
 * through zoning's own rules, then takes them out of the cart.
 */
export async function placeOrders(
  trx: Trx,
  payment: PaymentRow,
  rows: readonly Pick<CartItemRow, 'id' | 'farm_id' | 'details' | 'area_ha'>[],
  status: 'pending' | 'paid',
  hectareCostCents: number,
): Promise<void> {
  if (rows.length === 0) return;
  await placeZoningOrders(
    trx,
    payment,
    rows.map((row) => {
      const details = row.details as StoredZoningDetails;
      return {
        cartItemId: row.id,
        farmId: row.farm_id,
        algorithm: details.algorithm,
        catalogEntry: details.catalog_entry,
        numZones: details.num_zones,
        zoneResolution: details.zone_resolution,
        fields: details.fields,
        zones: details.zones,
        areaHa: row.area_ha,
        priceCents: zoningPriceCents(row.area_ha, hectareCostCents),
      };
    }),
    status,
  );
  await trx
    .deleteFrom('cart_items')
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
}

/**
 * What a cart payment does (registered once): a paid card payment turns its items into paid zoning
 * orders with a download key. An invoice account is given credit: when its invoice is opened the items
 * become delivered orders at once (status paid, a download key) while the invoice stays open for
 * accounting; the operator's mark-paid then changes nothing for delivery (orders of invoices opened
 * before this rule, still pending, are delivered then).
 */
export function registerCartPurpose(hectareCostCents: () => number): void {
  const itemsOf = (trx: Trx, payment: PaymentRow) =>
    trx
      .selectFrom('cart_items')
      .select(['id', 'farm_id', 'details', 'area_ha'])
      .where('payment_id', '=', payment.id)
      .execute();
  registerPaymentPurpose(CART_PURPOSE, {
    async onPaid(trx, payment) {
      if (payment.method === 'invoice') {
        await deliverZoningOrders(trx, payment.id);
        return;
      }
      await placeOrders(trx, payment, await itemsOf(trx, payment), 'paid', hectareCostCents());
    },
    async onInvoiceOpened(trx, payment) {
      await placeOrders(trx, payment, await itemsOf(trx, payment), 'paid', hectareCostCents());
    },
    async onCanceled(trx, payment) {
      await trx.updateTable('cart_items').set({ payment_id: null }).where('payment_id', '=', payment.id).execute();
    },
    // A checkout locks the cart's items in id order, then its payment; the provider's events and an
    // operator's confirmation start from the payment, so they lock its items first, in the same order.
    // Only its own: events for other payments of the account need not wait for each other.
    lockBeforePayment: (trx, payment) => lockCartItems(trx, 'payment_id', payment.id),
  });
}

/**
 * Removes the caller's items (all when `ids` is undefined) and closes the provider intents of the
 * payments that were given up with them (best effort, after commit).
 */
export async function removeFromCart(deps: PurchaseDeps, account: AccountRow, ids?: readonly string[]): Promise<void> {
  await closeGivenUpIntentsAfter(deps, await removeCartItems(deps.db, account.id, ids));
}

/**
 * Pays for the caller's items `cart_ids`: by card, the payment whose intent the browser confirms; by
 * invoice (accounts given credit only, else 403), an invoice opened at once that replaces any open
 * card payment of the items (its intent cancelled at the provider after commit).
 */
export async function checkoutCart(
  deps: PurchaseDeps,
  account: AccountRow,
  input: { cart_ids: readonly string[]; invoice: boolean },
  hectareCostCents: number,
): Promise<PaymentRow> {
  const { db } = deps;
  const cartIds = input.cart_ids;
  if (input.invoice) {
    if (!mayPayByInvoice(account)) throw forbidden(INVOICE_NOT_ALLOWED);
    const { payment, replaced } = await db.transaction().execute(async (trx) => {
      const priced = await priceCheckout(trx, account, cartIds, hectareCostCents);
      const replaced: string[] = [];
      for (const id of priced.replaces ?? []) {
        const given = await giveUpPayment(trx, id, 'Replaced by an invoice');
        if (given?.purchase_key) replaced.push(given.purchase_key);
      }
      const opened = await openInvoice(
        trx,
        {
          accountId: account.id,
          purpose: CART_PURPOSE,
          key: priced.key,
          signature: priced.signature,
          amountCents: priced.amountCents,
          gstCents: priced.gstCents,
        },
        priced.attach,
      );
      return { payment: opened, replaced };
    });
    // A card payment the invoice replaced: its intent is cancelled at the provider.
    await closeGivenUpIntentsAfter(deps, replaced);
    return payment;
  }
  try {
    return await payByCard(deps, {
      accountId: account.id,
      purpose: CART_PURPOSE,
      price: (trx) => priceCheckout(trx, account, cartIds, hectareCostCents),
    });
  } catch (error) {
    // The same items asked for again (a second tab pressing Pay at the same moment) after their
    // card payment was confirmed (409) or already paid and the items delivered (404): the answer
    // is that same payment, whose confirmation the browser is then told has already succeeded.
    // Only a payment past the point of being paid again: confirmed (still open) or paid.
    const paying = error instanceof HttpError && error.statusCode === 409 && error.detail === ALREADY_PAYING;
    const delivered = error instanceof HttpError && error.statusCode === 404 && error.detail === CART_ITEM_NOT_FOUND;
    const same =
      paying || delivered
        ? await latestCardPayment(
            db,
            account.id,
            cartPurchaseKey(account.id, [...new Set(cartIds)]),
            paying ? 'open' : 'paid',
          )
        : undefined;
    if (same) return same;
    throw error;
  }
}
