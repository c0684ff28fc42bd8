import type { AreaGeometry } from '@paddock/shared/contracts';
import { fieldAreaHectares } from '@paddock/shared/geo';
import { sql, type Kysely } from 'kysely';

// Field areas were measured on a sphere (turf), off by up to +0.4 % near the equator and -0.5 % at
// 56°. Every stored field area is measured again on the WGS84 ellipsoid (GeographicLib, overlapping
// MultiPolygon parts counted once, to 1 m²), and every farm's total becomes the sum of its fields'.
// Farms' updated_on stays: nothing the user did changed.

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const { rows } = await sql<{ id: string; geometry: AreaGeometry | string }>`
      select id::text as id, geometry from fields where id > ${after}::uuid order by id limit ${BATCH}
    `.execute(db);
    const last = rows.at(-1);
    if (!last) break;
    const values = rows.map((row) => {
      const geometry = typeof row.geometry === 'string' ? (JSON.parse(row.geometry) as AreaGeometry) : row.geometry;
      return sql`(${row.id}::uuid, ${fieldAreaHectares(geometry)}::float8)`;
    });
    await sql`
      update fields set area = v.area from (values ${sql.join(values)}) as v(id, area) where fields.id = v.id
    `.execute(db);
    after = last.id;
  }
  await sql`
    update farms set farm_area = coalesce(
      (select round(sum(fl.area)::numeric, 4)::float8 from fields fl where fl.farm_id = farms.id), 0)
  `.execute(db);
}

/** The spherical areas are not restored: they were the mistake. */
export async function down(): Promise<void> {}
