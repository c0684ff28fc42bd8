import {
  type BBox,
  type Collaborator,
  type CollaboratorPermission,
  type FarmFeature,
  type FarmListResponse,
  type FarmTotals,
  type FarmRole,
  type farmListQuerySchema,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { FarmRow } from '../../db/types';
import { notFound } from '../../errors';
import { roundArea } from '../../geo/geometry';
import { isUuid } from '../../db/ids';
import { statementByShape, type Slot } from '../../db/statements';
import { FARM_NOT_FOUND, isVisibleFarm, roleOf } from './access';
import type { Db } from '../../db';

export type FarmListQuery = z.output<typeof farmListQuerySchema>;

/** The farms the account can see, with its role, its favourite flag and the owner's e-mail. */
function visibleFarms(db: Db, accountId: string) {
  return (
    db
      .selectFrom('farms as f')
      .innerJoin('accounts as o', 'o.id', 'f.owner_id')
      .leftJoin('farm_members as m', (join) => join.onRef('m.farm_id', '=', 'f.id').on('m.account_id', '=', accountId))
      .leftJoin('farm_favourites as fav', (join) =>
        join.onRef('fav.farm_id', '=', 'f.id').on('fav.account_id', '=', accountId),
      )
      // The caller's membership row is already joined: owner, or a member through `m`.
      .where(sql<boolean>`(f.owner_id = ${accountId} or m.account_id is not null)`)
  );
}

type VisibleFarmsQuery = ReturnType<typeof visibleFarms>;

const farmColumns = (query: VisibleFarmsQuery, accountId: string) =>
  query
    .selectAll('f')
    .select([
      roleOf(accountId).as('role'),
      sql<boolean>`fav.account_id is not null`.as('is_favorite'),
      sql<string | null>`coalesce(o.login_email, o.contact_email)`.as('owner_email'),
    ]);

type FarmListRow = FarmRow & { role: FarmRole; is_favorite: boolean; owner_email: string | null };

export const farmBBox = (farm: Pick<FarmRow, 'min_lon' | 'min_lat' | 'max_lon' | 'max_lat'>): BBox | null =>
  farm.min_lon === null || farm.min_lat === null || farm.max_lon === null || farm.max_lat === null
    ? null
    : [farm.min_lon, farm.min_lat, farm.max_lon, farm.max_lat];

/** A timestamp as ISO 8601; a Date from the driver is not copied first. */
const iso = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();

export function toFarmFeature(row: FarmListRow, collaborators: Collaborator[]): FarmFeature {
  return {
    type: 'Feature',
    id: row.id,
    geometry: null,
    bbox: farmBBox(row),
    properties: {
      farm_id: row.id,
      farm_name: row.name,
      is_favorite: Boolean(row.is_favorite),
      collaborators,
      number_of_fields: row.number_of_fields,
      farm_area: roundArea(row.farm_area),
      location: row.location,
      owner_email: row.owner_email,
      permission: row.role,
      created_on: iso(row.created_on),
      updated_on: iso(row.updated_on),
    },
  };
}

interface CollaboratorRow {
  farm_id: string;
  email: string;
  permission: CollaboratorPermission;
  account_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

function toCollaborator(row: Omit<CollaboratorRow, 'farm_id'>): Collaborator {
  const name = [row.first_name, row.last_name].filter((part) => part?.trim()).join(' ') || null;
  return { email: row.email, permission: row.permission, name, status: row.account_id === null ? 'pending' : 'active' };
}

/** Collaborators and pending invitations of several farms, in one query, by farm id. */
export async function loadCollaborators(db: Db, farmIds: readonly string[]): Promise<Map<string, Collaborator[]>> {
  const byFarm = new Map<string, Collaborator[]>(farmIds.map((id) => [id, []]));
  if (farmIds.length === 0) return byFarm;
  const rows = await db
    .selectFrom('farm_members as m')
    .leftJoin('accounts as a', 'a.id', 'm.account_id')
    .select(['m.farm_id', 'm.email', 'm.permission', 'm.account_id', 'a.first_name', 'a.last_name'])
    .where('m.farm_id', 'in', [...farmIds])
    .orderBy('m.created_on')
    .orderBy('m.email')
    .execute();
  for (const row of rows) byFarm.get(row.farm_id)?.push(toCollaborator(row));
  return byFarm;
}

/** The same collaborators as a JSON column of the farm row `f`, for the list's single query. */
const collaboratorsColumn = sql<Array<Omit<CollaboratorRow, 'farm_id'>>>`coalesce((
  select json_agg(json_build_object(
    'email', m.email, 'permission', m.permission, 'account_id', m.account_id,
    'first_name', a.first_name, 'last_name', a.last_name
  ) order by m.created_on, m.email)
  from farm_members m left join accounts a on a.id = m.account_id
  where m.farm_id = f.id
), '[]'::json)`;

/** One farm as the caller sees it (404 when they cannot). */
export async function loadFarmFeature(db: Db, farmId: string, accountId: string): Promise<FarmFeature> {
  if (!isUuid(farmId)) throw notFound(FARM_NOT_FOUND);
  const row = await farmColumns(visibleFarms(db, accountId), accountId).where('f.id', '=', farmId).executeTakeFirst();
  if (!row) throw notFound(FARM_NOT_FOUND);
  const collaborators = await loadCollaborators(db, [row.id]);
  return toFarmFeature(row, collaborators.get(row.id) ?? []);
}

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const SORTS = {
  farm_name: sql`lower(f.name)`,
  updated_on: sql`f.updated_on`,
  number_of_fields: sql`f.number_of_fields`,
  farm_area: sql`f.farm_area`,
} as const;

type ListRow = FarmRow & {
  role: FarmRole;
  is_favorite: boolean;
  owner_email: string | null;
  total_count: number;
  collaborator_rows: Array<Omit<CollaboratorRow, 'farm_id'>>;
};

/** What decides the text of the list's statement; everything else is a value. */
interface FarmListShape extends Record<string, string | boolean> {
  sort_by: FarmListQuery['sort_by'];
  sort_dir: FarmListQuery['sort_dir'];
  search: boolean;
  favourites: boolean;
}

type FarmListSlots = { readonly [K in 'accountId' | 'pattern']: Slot };

/** The caller's farms that pass the shape's filters, owned and shared, and their count. */
function matchingFarms(shape: FarmListShape, { accountId, pattern }: FarmListSlots) {
  const conditions = [
    ...(shape.search ? [sql`lower(f.name) like ${pattern}`] : []),
    ...(shape.favourites
      ? [sql`exists (select 1 from farm_favourites x where x.account_id = ${accountId} and x.farm_id = f.id)`]
      : []),
  ];
  const filter = conditions.length > 0 ? sql`and ${sql.join(conditions, sql` and `)}` : sql``;
  return {
    filtered: conditions.length > 0,
    owned: sql`select f.*, 'owner'::text as role from farms f where f.owner_id = ${accountId} ${filter}`,
    shared: sql`select f.*, sm.permission as role from farm_members sm join farms f on f.id = sm.farm_id
    where sm.account_id = ${accountId} ${filter}`,
    counted: sql`(select count(*) from farms f where f.owner_id = ${accountId} ${filter})
    + (select count(*) from farm_members sm join farms f on f.id = sm.farm_id where sm.account_id = ${accountId} ${filter})`,
  };
}

const farmPage = statementByShape<
  FarmListShape,
  { accountId: string; pattern: string | null; skip: number; limit: number; pageEnd: number },
  ListRow
>((shape, values) => {
  const { accountId, skip, limit, pageEnd } = values;
  const direction = shape.sort_dir === 'asc' ? sql`asc` : sql`desc`;
  const order = sql`${SORTS[shape.sort_by]} ${direction}, f.id ${direction}`;
  const { filtered, owned, shared, counted } = matchingFarms(shape, values);
  const [pageQuery, totalQuery] = filtered
    ? [
        sql`select * from matches f order by ${order} offset ${skip} limit ${limit}`,
        sql`(select count(*) from matches)`,
      ]
    : [
        sql`select * from ((${owned} order by ${order} limit ${pageEnd})
            union all (${shared} order by ${order} limit ${pageEnd})) f
            order by ${order} offset ${skip} limit ${limit}`,
        counted,
      ];
  const matches = filtered ? sql`matches as materialized (${owned} union all ${shared}),` : sql``;
  return sql<ListRow>`
    with ${matches} page as (${pageQuery})
    select f.*,
      fav.account_id is not null as is_favorite,
      coalesce(o.login_email, o.contact_email) as owner_email,
      (${totalQuery})::int as total_count,
      ${collaboratorsColumn} as collaborator_rows
    from page f
    join accounts o on o.id = f.owner_id
    left join farm_favourites fav on fav.farm_id = f.id and fav.account_id = ${accountId}
    order by ${order}`;
});

/** The count alone, for a page past the last one (its statement has no row to carry the count on). */
const farmCount = statementByShape<FarmListShape, { accountId: string; pattern: string | null }, { n: number }>(
  (shape, values) => sql<{ n: number }>`select (${matchingFarms(shape, values).counted})::int as n`,
);

/**
 * A page of the caller's farms (owned or shared with them) in one statement that reads what the page
 * needs. Unfiltered, the owned and the shared farms are two branches, each walking its own index in
 * the sort's order (`farms_owner_*_idx`, `farm_members_account_idx`) and stopping at the page's end,
 * and the total is two index counts. Searched or filtered by favourite, the farms that match are found
 * once (one pass over the caller's farms) and both the page and the total come from them. Either way
 * only the page's farms are joined to their owner, the caller's favourite and their collaborators.
 * Field counts, areas and `updated_on` are the farms' own columns, kept exact by every field write in
 * its transaction (`fields/service.ts` refreshFarmSummary), so nothing is added up here.
 */
export async function listFarms(db: Db, accountId: string, options: FarmListQuery): Promise<FarmListResponse> {
  const { skip, limit, sort_by, sort_dir } = options;
  const shape: FarmListShape = {
    sort_by,
    sort_dir,
    search: Boolean(options.search_query),
    favourites: options.is_favorite === 'true',
  };
  const pattern = options.search_query ? likePattern(options.search_query) : null;
  const result = await farmPage(db, shape, { accountId, pattern, skip, limit, pageEnd: skip + limit });
  const rows = result.rows;

  let total = rows[0]?.total_count ?? 0;
  if (rows.length === 0 && skip > 0) {
    // Past the last page: the count has no row to ride on.
    const recount = await farmCount(db, shape, { accountId, pattern });
    total = recount.rows[0]?.n ?? 0;
  }
  return {
    type: 'FeatureCollection',
    // The row is passed as it is (toFarmFeature reads its own columns): no copy without the count.
    features: rows.map((row) => toFarmFeature(row, row.collaborator_rows.map(toCollaborator))),
    pages: { total_pages: Math.ceil(total / limit), total_count: total, skip, limit },
  };
}

/**
 * The caller's totals over every farm they can see (owned or an active member of): one aggregate
 * over the farms' stored field counts and areas (ellipsoidal hectares, kept by the fields' writes).
 */
export async function farmTotals(db: Db, accountId: string): Promise<FarmTotals> {
  const row = await db
    .selectFrom('farms as f')
    .select([
      sql<number>`count(*)::int`.as('farms'),
      sql<number>`coalesce(sum(f.number_of_fields), 0)::int`.as('fields'),
      sql<number>`coalesce(sum(f.farm_area), 0)::float8`.as('hectares'),
    ])
    .where(isVisibleFarm(accountId))
    .executeTakeFirstOrThrow();
  return { farms: row.farms, fields: row.fields, hectares: roundArea(Number(row.hectares)) };
}

/** A new farm owned by the account; returns its id. */
export async function createFarm(db: Db, ownerId: string, name: string): Promise<string> {
  const farm = await db
    .insertInto('farms')
    .values({ owner_id: ownerId, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return farm.id;
}

export interface FarmChanges {
  farm_name?: string;
  is_account_farm_favorite?: boolean;
}

/** Renames the farm (stamping updated_on when the name changes) and/or sets the account's favourite flag. */
export async function updateFarm(db: Db, farm: FarmRow, accountId: string, changes: FarmChanges): Promise<void> {
  const { farm_name, is_account_farm_favorite } = changes;
  await db.transaction().execute(async (trx) => {
    if (farm_name !== undefined && farm_name !== farm.name) {
      await trx
        .updateTable('farms')
        .set({ name: farm_name, updated_on: sql<Date>`now()` })
        .where('id', '=', farm.id)
        .execute();
    }
    if (is_account_farm_favorite === true) {
      await trx
        .insertInto('farm_favourites')
        .values({ account_id: accountId, farm_id: farm.id })
        .onConflict((oc) => oc.columns(['account_id', 'farm_id']).doNothing())
        .execute();
    } else if (is_account_farm_favorite === false) {
      await trx
        .deleteFrom('farm_favourites')
        .where('account_id', '=', accountId)
        .where('farm_id', '=', farm.id)
        .execute();
    }
  });
}

/** Deletes the farm; its fields, memberships, invitations and favourites go with it (ON DELETE CASCADE). */
export async function deleteFarm(db: Db, farmId: string): Promise<void> {
  await db.deleteFrom('farms').where('id', '=', farmId).execute();
}
