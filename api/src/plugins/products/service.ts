import type { Product } from '@paddock/shared/contracts';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/types';
import type { Db } from '../../db';

export type ProductRow = Selectable<ProductsTable>;

export function toProduct(row: ProductRow): Product {
  const captures = row.captures.map((capture) => ({
    unit_price: capture.unit_price,
    unit_price_currency: 'aud' as const,
    min_price: capture.min_price,
    minimum_cluster_area: capture.minimum_cluster_area,
    number_of_captures: capture.number_of_captures,
    minimum_months: capture.minimum_months,
  }));
  return {
    id: row.id,
    title: row.title,
    enabled: row.enabled,
    unit_min: Math.min(...captures.map((capture) => capture.minimum_cluster_area)),
    unit: row.unit,
    resolution_cm: row.resolution_cm,
    details: { description: row.description, suggestion: row.suggestions },
    config: {
      captures,
      default_number_of_captures: row.default_number_of_captures,
      fixed_range: row.fixed_range,
      free: row.free,
      countries: row.countries,
    },
  };
}

/** Every product, in catalogue order (spec 3 §3). */
export async function listProducts(db: Db): Promise<Product[]> {
  const rows = await db.selectFrom('products').selectAll().orderBy('position').execute();
  return rows.map(toProduct);
}

export function findProduct(db: Db, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}
