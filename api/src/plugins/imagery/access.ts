import {
  algorithmFeatureFlags,
  type AreaGeometry,
  type FeatureFlagKey,
  type ImageryAlgorithm,
  type ImageryLayer,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { AccountRow, FieldRow } from '../../db/types';
import { forbidden } from '../../errors';
import type { ImageryField } from '../../imagery/service';
import type { EmSurveyWindow } from '../../imagery/source';
import { RecentAnswers } from '../../recent-answers';
import { FEATURE_FLAG_COPY, featureFlagsFor } from '../accounts/api';
import { requireFieldsRole, type Caller, type FieldAccess } from '../farms/access';
import type { Db } from '../../db';

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

/** Each field's Rapid-EM survey windows, newest first. */
async function surveysOf(db: Db, ids: readonly string[]): Promise<Map<string, EmSurveyWindow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .selectFrom('em_surveys')
          .select([
            'field_id',
            sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'),
            sql<string>`to_char(end_date, 'YYYY-MM-DD')`.as('end'),
          ])
          .where('field_id', 'in', [...ids])
          .orderBy('start_date', 'desc')
          .execute();
  const surveys = new Map<string, EmSurveyWindow[]>();
  for (const { field_id, start, end } of rows)
    surveys.set(field_id, [...(surveys.get(field_id) ?? []), { start, end }]);
  return surveys;
}

/**
 * The fields as the imagery engine takes them; with their completed high-res days for the high_res
 * layer and their Rapid-EM survey windows for sensor_em (only those layers need them).
 */
async function toImageryFields(db: Db, rows: readonly FieldRow[], layer: ImageryLayer | null): Promise<ImageryField[]> {
  const ids = rows.map((row) => row.id);
  const surveys = layer === 'sensor_em' ? await surveysOf(db, ids) : null;
  const captures =
    ids.length === 0 || layer !== 'high_res'
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
    ...(surveys ? { emSurveys: surveys.get(row.id) ?? [] } : {}),
  }));
}

/**
 * The fields, in the order asked, when the caller is a member (viewer or more) of every one's farm;
 * otherwise 404 "Field not found", whichever field it is (existence is not revealed).
 */
export async function loadImageryFields(
  db: Db,
  account: Caller,
  fieldIds: readonly string[],
  layer: ImageryLayer,
): Promise<ImageryField[]> {
  return (await loadImageryFieldAccess(db, account, fieldIds, layer)).fields;
}

/**
 * `loadImageryFields`, with each field's row and the caller's role on its farm beside it (same
 * order), for routes that check more than viewing without asking the database again.
 */
export async function loadImageryFieldAccess(
  db: Db,
  account: Caller,
  fieldIds: readonly string[],
  layer: ImageryLayer,
): Promise<{ fields: ImageryField[]; access: FieldAccess[] }> {
  const access = await requireFieldsRole(db, account, fieldIds, 'viewer');
  const fields = await toImageryFields(
    db,
    access.map(({ field }) => field),
    layer,
  );
  return { fields, access };
}

/** Every field of the given farms (the landscape NDVI-R draws around the selection). Access is checked by the caller. */
export async function loadFarmFields(db: Db, farmIds: readonly string[]): Promise<ImageryField[]> {
  const rows = await db
    .selectFrom('fields as fl')
    .selectAll('fl')
    .where('fl.farm_id', 'in', [...new Set(farmIds)])
    .orderBy('fl.seq')
    .execute();
  return toImageryFields(db, rows, null);
}

/** The landscape NDVI-R is stretched and drawn over (every field of the selection's farms); none for other calculations. */
export async function regionFieldsFor(
  db: Db,
  algorithm: ImageryAlgorithm,
  fields: readonly ImageryField[],
): Promise<ImageryField[] | undefined> {
  return algorithm === 'NDVI-R'
    ? loadFarmFields(
        db,
        fields.map((field) => field.farmId),
      )
    : undefined;
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
 * every few seconds instead of once per tile, so the database stays free while tiles render. Cleared
 * by every write, so an edited boundary or a changed share shows at once.
 */
export function recentTileAccess(): RecentAnswers<TileAccess> {
  return new RecentAnswers(TILE_ACCESS_TTL_MS, MAX_TILE_ACCESS_ENTRIES);
}

export const tileAccessKey = (sub: string, layer: ImageryLayer, fieldIds: readonly string[]): string =>
  `${sub}\u0000${layer}\u0000${fieldIds.join(',')}`;
