import { PRODUCT_NOT_FOUND, type Quote } from '@paddock/shared/contracts';
import type { AccountRow, OrderFieldJson, ProductCaptureJson } from '../../db/types';
import { fieldInAustralia } from '../../payments/place-of-supply';
import { requireFieldsRoleOf } from '../farms/access';
import { findProduct, type ProductRow } from '../products/api';
import { priceOrder, type OrderPrice } from './pricing';
import { issue } from './service';
import type { Db } from '../../db';

export interface PricedOrder {
  product: ProductRow;
  capture: ProductCaptureJson;
  fields: OrderFieldJson[];
  price: OrderPrice;
}

/**
 * Prices an order from the server's own data: the product's capture package for `number_of_captures`,
 * the fields' stored areas (the caller must be a member of each field's farm; else 404), and where
 * the fields are for GST (place of supply: a field in Australia makes the order taxable).
 */
export async function priceFor(
  db: Db,
  account: AccountRow,
  body: { product_id: string; field_ids: readonly string[]; number_of_captures?: number | undefined },
): Promise<PricedOrder> {
  const product = await findProduct(db, body.product_id);
  if (!product || !product.enabled) throw issue(['product_id'], PRODUCT_NOT_FOUND);
  const wanted = body.number_of_captures ?? product.default_number_of_captures;
  const capture = product.captures.find((entry) => entry.number_of_captures === wanted);
  if (!capture) {
    const offered = product.captures.map((entry) => entry.number_of_captures).join(', ');
    throw issue(['number_of_captures'], `${product.title} is sold with ${offered} captures`);
  }
  const access = await requireFieldsRoleOf(db, account.id, body.field_ids, 'viewer');
  const farmIds = [...new Set(access.map(({ field }) => field.farm_id))];
  const farms = await db.selectFrom('farms').select(['id', 'name']).where('id', 'in', farmIds).execute();
  const farmName = new Map(farms.map((farm) => [farm.id, farm.name]));
  const fields: OrderFieldJson[] = access.map(({ field }) => ({
    id: field.id,
    farm_id: field.farm_id,
    farm_name: farmName.get(field.farm_id) ?? '',
    field_name: field.name,
    field_crop_type: field.crop_type,
    area: field.area,
    bbox: [field.min_lon, field.min_lat, field.max_lon, field.max_lat],
    geometry: field.geometry,
  }));
  // GST by place of supply: imagery of fields in Australia, whatever the profile's country says.
  const taxable = access.some(({ field }) => fieldInAustralia(field));
  const price = priceOrder(
    fields.map((field) => field.area),
    capture,
    { free: product.free, taxable },
  );
  return { product, capture, fields, price };
}

export function toQuote({ capture, price }: PricedOrder): Quote {
  return {
    order_pricing: { subtotal: price.subtotal },
    total_product_unit: price.total_product_unit,
    minimum_hectare_requirements_pricing: price.minimum_hectare_requirements_pricing,
    gst: price.gst,
    order_total: price.total,
    currency: 'aud',
    billable_hectares: price.billable_hectares,
    unit_price: capture.unit_price,
    min_price: capture.min_price,
    minimum_cluster_area: capture.minimum_cluster_area,
    number_of_captures: capture.number_of_captures,
  };
}
