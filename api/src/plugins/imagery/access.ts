import {
  algorithmFeatureFlags,
  type AreaGeometry,
  type FeatureFlagKey,
  type ImageryAlgorithm,
  type ImageryLayer,
} from '@paddock/shared/contracts';
import { sql, type Kysely } from 'kysely';
import type { AccountRow, Database } from '../../db/types';
import { forbidden, notFound } from '../../errors';
import type { ImageryField } from '../../imagery/service';
import { RecentAnswers } from '../../recent-answers';
import { FEATURE_FLAG_COPY, featureFlagsFor } from '../accounts/feature-flags';
import { isUuid } from '../farms/service';
import { FIELD_NOT_FOUND } from '../fields/service';

type Db = Kysely<Database>;

/** What each gated feature is called in a refusal. */
const FEATURE_NAMES: Record<FeatureFlagKey, string> = {
  'field:multi_select': 'Multi-field imagery',
  'algorithm:ndre': 'NDRE',
  'algorithm:thermal': 'Thermal',
  'algorithm:pcd': 'Plant Cell Density',
};

/** 403 unless the account is Advanced (tier `premium`) and has the flag on (spec 2 §6). */
function requireFeature(account: Pick<AccountRow, 'tier' | 'feature_flags'>, flag: FeatureFlagKey): void {
  if (account.tier !== 'premium')
    throw forbidden(`${FEATURE_FLAG_COPY[flag].modal_title}. Upgrade to Advanced to use it.`);
  const enabled = featureFlagsFor('premium', account.feature_flags ?? {}).find(
    (setting) => setting.feature_flag === flag,
  )?.enabled;
  if (!enabled) throw forbidden(`${FEATURE_NAMES[flag]} is not enabled for your account.`);
}

/** NDRE, THERMAL and PCD need Advanced and their flag; the other calculations are open to all. */
export function requireAlgorithm(
  account: Pick<AccountRow, 'tier' | 'feature_flags'>,
  algorithm: ImageryAlgorithm,
): void {
  const flag = algorithmFeatureFlags[algorithm];
  if (flag) requireFeature(account, flag);
}

/** Imagery over several fields at once needs Advanced and `field:multi_select` (ARCHITECTURE §4). */
export function requireSelection(
  account: Pick<AccountRow, 'tier' | 'feature_flags'>,
  fieldIds: readonly string[],
): void {
  if (new Set(fieldIds).size > 1) requireFeature(account, 'field:multi_select');
}

const fieldColumns = [
  'fl.id',
  'fl.farm_id',
  'fl.crop_type',
  'fl.geometry',
  'fl.min_lon',
  'fl.min_lat',
  'fl.max_lon',
  'fl.max_lat',
  'fl.updated_on',
] as const;

type FieldRowPart = {
  id: string;
  farm_id: string;
  crop_type: string | null;
  geometry: unknown;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
  updated_on: Date;
};

/** The fields as the imagery engine takes them; with their completed high-res days when `highRes` (only that layer needs them). */
async function toImageryFields(db: Db, rows: readonly FieldRowPart[], highRes: boolean): Promise<ImageryField[]> {
  const ids = rows.map((row) => row.id);
  const captures =
    ids.length === 0 || !highRes
      ? []
      : await db
          .selectFrom('high_res_captures')
          .select(['field_id', sql<string>`to_char(captured_on, 'YYYY-MM-DD')`.as('day')])
          .where('field_id', 'in', ids)
          .orderBy('captured_on', 'desc')
          .execute();
  const days = new Map<string, string[]>();
  for (const { field_id, day } of captures) days.set(field_id, [...(days.get(field_id) ?? []), day]);
  return rows.map((row) => ({
    fieldId: row.id,
    farmId: row.farm_id,
    cropType: row.crop_type,
    geometry: row.geometry as AreaGeometry,
    bbox: [row.min_lon, row.min_lat, row.max_lon, row.max_lat],
    version: new Date(row.updated_on).toISOString(),
    highResDates: days.get(row.id) ?? [],
  }));
}

/**
 * The fields, in the order asked, when the account is a member (viewer or more) of every one's farm;
 * otherwise 404 "Field not found", whichever field it is (existence is not revealed).
 */
export async function loadImageryFields(
  db: Db,
  accountId: string,
  fieldIds: readonly string[],
  layer: ImageryLayer,
): Promise<ImageryField[]> {
  const ids = [...new Set(fieldIds)];
  if (!ids.every(isUuid)) throw notFound(FIELD_NOT_FOUND);
  const rows = await db
    .selectFrom('fields as fl')
    .innerJoin('farms as f', 'f.id', 'fl.farm_id')
    .leftJoin('farm_members as m', (join) => join.onRef('m.farm_id', '=', 'f.id').on('m.account_id', '=', accountId))
    .select(fieldColumns)
    .where('fl.id', 'in', ids)
    .where((eb) => eb.or([eb('f.owner_id', '=', accountId), eb('m.account_id', 'is not', null)]))
    .execute();
  if (rows.length !== ids.length) throw notFound(FIELD_NOT_FOUND);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return toImageryFields(
    db,
    ids.map((id) => byId.get(id) as FieldRowPart),
    layer === 'high_res',
  );
}

/** Every field of the given farms (the landscape NDVI-R draws around the selection). Access is checked by the caller. */
export async function loadFarmFields(db: Db, farmIds: readonly string[]): Promise<ImageryField[]> {
  const rows = await db
    .selectFrom('fields as fl')
    .select(fieldColumns)
    .where('fl.farm_id', 'in', [...new Set(farmIds)])
    .orderBy('fl.seq')
    .execute();
  return toImageryFields(db, rows, false);
}

/** How long a tile request's access answer is reused: a map move asks for dozens of tiles at once. */
export const TILE_ACCESS_TTL_MS = 5_000;
const MAX_TILE_ACCESS_ENTRIES = 2_000;

export interface TileAccess {
  account: AccountRow;
  fields: ImageryField[];
}

/**
 * The caller's account and fields for tile requests, looked up once per caller, layer and field list
 * every few seconds instead of once per tile, so the database (and, on PGlite, the event loop) stays
 * free while tiles render. Cleared by every write, so an edited boundary or a changed share shows at once.
 */
export function recentTileAccess(): RecentAnswers<TileAccess> {
  return new RecentAnswers(TILE_ACCESS_TTL_MS, MAX_TILE_ACCESS_ENTRIES);
}

export const tileAccessKey = (sub: string, layer: ImageryLayer, fieldIds: readonly string[]): string =>
  `${sub}\u0000${layer}\u0000${fieldIds.join(',')}`;
