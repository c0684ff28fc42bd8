import {
  alertSettingsSchema,
  DEFAULT_ALERT_SETTINGS,
  type AlertAudience,
  type AlertSettings,
  type AlertSettingsUpdate,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, Trx } from '../../db';
import type { AccountRow } from '../../db/types';
import { addDays, dateOf, dayNumber, todayUtc } from '../../imagery/dates';
import type { DifferenceStatistics } from '../../imagery/difference';
import type { ImageryField, ImageryService } from '../../imagery/service';
import type { CatalogCapture } from '../../imagery/tasks';
import type { JobRunner } from '../../jobs/runner';
import { requireFarmRoleOf } from '../farms/access';
import { loadFarmFields } from '../imagery/access';
import { notifyAccounts } from '../notifications/api';

/**
 * Change alerts (issue 30). A periodic scan finds each field's new captures that are clear enough
 * (cloud inside the field at most the farm's threshold) and enqueues one check per field and capture;
 * the check compares the capture with the field's previous clear one (masked mean and per-pixel
 * change) and, when that is no drop, with the clear capture nearest the same day last season; on a
 * drop beyond the farm's thresholds it records one change alert (unique per field and
 * capture, so a check delivered twice, in any process, records it once) and notifies the people the
 * farm's settings name.
 */

export const SCAN_JOB = 'change-alert-scan';
export const CHECK_JOB = 'change-alert-check';
/** Calculation the alerts compare. */
const ALERT_ALGORITHM = 'NDVI' as const;
/** How far back the previous clear capture is looked for. */
const PREVIOUS_WITHIN_DAYS = 60;
/** "The same time last season": the clear capture nearest the same day a year before, within this many days. */
export const LAST_SEASON_WITHIN_DAYS = 30;
/** A field scanned the first time looks back this far (older changes are history, not news). */
const FIRST_SCAN_DAYS = 10;

type Account = Pick<AccountRow, 'id'>;

// --- Settings ----------------------------------------------------------------------------------

async function settingsOfFarm(db: Db, farmId: string): Promise<AlertSettings> {
  const row = await db.selectFrom('farm_alert_settings').selectAll().where('farm_id', '=', farmId).executeTakeFirst();
  if (!row) return DEFAULT_ALERT_SETTINGS;
  return alertSettingsSchema.parse({
    enabled: row.enabled,
    mean_drop: row.mean_drop,
    percent_down: row.percent_down,
    max_cloud_percent: row.max_cloud_percent,
    audiences: row.audiences,
  });
}

/** The farm's alert settings (any member may read them). */
export async function getAlertSettings(db: Db, account: Account, input: { farmId: string }): Promise<AlertSettings> {
  await requireFarmRoleOf(db, account.id, input.farmId, 'viewer');
  return settingsOfFarm(db, input.farmId);
}

/** Changes the farm's alert settings (owner only). */
export async function updateAlertSettings(
  db: Db,
  account: Account,
  input: { farmId: string; update: AlertSettingsUpdate },
): Promise<AlertSettings> {
  await requireFarmRoleOf(db, account.id, input.farmId, 'owner', {
    forbidden: 'Only the owner of this farm can change its change alerts',
  });
  const next = alertSettingsSchema.parse({ ...(await settingsOfFarm(db, input.farmId)), ...input.update });
  const values = { ...next, audiences: [...new Set(next.audiences)] };
  await db
    .insertInto('farm_alert_settings')
    .values({ farm_id: input.farmId, ...values })
    .onConflict((conflict) => conflict.column('farm_id').doUpdateSet({ ...values, updated_on: sql<Date>`now()` }))
    .execute();
  return values;
}

// --- The rule ----------------------------------------------------------------------------------

/** Whether a change is a drop beyond the thresholds: mean down by `mean_drop` or more, or more than `percent_down` % of the field down 0.15 or more. */
export function isDrop(
  stats: DifferenceStatistics,
  settings: Pick<AlertSettings, 'mean_drop' | 'percent_down'>,
): boolean {
  return -stats.difference.mean >= settings.mean_drop - 1e-9 || stats.percentDown > settings.percent_down;
}

/** The accounts the farm's settings tell: its owner, and members of the chosen roles. */
export async function recipientsOf(
  db: Db | Trx,
  farmId: string,
  audiences: readonly AlertAudience[],
): Promise<string[]> {
  const ids: string[] = [];
  if (audiences.includes('owner')) {
    const farm = await db.selectFrom('farms').select('owner_id').where('id', '=', farmId).executeTakeFirst();
    if (farm) ids.push(farm.owner_id);
  }
  const roles = audiences.filter((audience): audience is 'editor' | 'viewer' => audience !== 'owner');
  if (roles.length) {
    const members = await db
      .selectFrom('farm_members')
      .select('account_id')
      .where('farm_id', '=', farmId)
      .where('permission', 'in', roles)
      .where('account_id', 'is not', null)
      .execute();
    for (const { account_id } of members) if (account_id) ids.push(account_id);
  }
  return [...new Set(ids)];
}

// --- Jobs --------------------------------------------------------------------------------------

const checkPayload = z.object({ field_id: z.string(), date: z.string() });
const scanPayload = z.object({ through: z.string().optional() });

interface AlertDeps {
  db: Db;
  jobs: JobRunner;
  imagery: ImageryService;
  scanIntervalMs: number;
}

async function imageryField(db: Db, fieldId: string): Promise<ImageryField | null> {
  const row = await db.selectFrom('fields').select('farm_id').where('id', '=', fieldId).executeTakeFirst();
  if (!row) return null;
  return (await loadFarmFields(db, [row.farm_id])).find((field) => field.fieldId === fieldId) ?? null;
}

/** The same calendar day a year before (29 February falls back to the 28th). */
export function yearEarlier(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return dateOf(year - 1, month, month === 2 && day === 29 && !leap(year - 1) ? 28 : day);
}

/** The field's clear capture nearest the same calendar day a year before `date` (the earlier of two as near), if one is within `LAST_SEASON_WITHIN_DAYS`. */
async function sameTimeLastSeason(
  imagery: ImageryService,
  field: ImageryField,
  date: string,
  maxCloud: number,
): Promise<CatalogCapture | null> {
  const target = yearEarlier(date);
  const found = await imagery.catalog(
    [field],
    'standard',
    addDays(target, -LAST_SEASON_WITHIN_DAYS),
    addDays(target, LAST_SEASON_WITHIN_DAYS),
  );
  const distance = (day: string) => Math.abs(dayNumber(day) - dayNumber(target));
  return (
    found
      .filter(({ cloudPercent }) => cloudPercent <= maxCloud)
      .sort(
        (a, b) => distance(a.capture.date) - distance(b.capture.date) || (a.capture.date < b.capture.date ? -1 : 1),
      )[0] ?? null
  );
}

/** Compares the field's capture on `date` with its previous clear one (or else the same time last season); records and notifies a drop. Returns the alert id when this call recorded it. */
export async function checkFieldCapture(
  deps: Pick<AlertDeps, 'db' | 'jobs' | 'imagery'>,
  input: { fieldId: string; date: string },
  commit: (write: (trx: Trx) => Promise<void>) => Promise<void> = (write) => deps.db.transaction().execute(write),
): Promise<string | null> {
  const { db, imagery } = deps;
  const field = await imageryField(db, input.fieldId);
  if (!field) return null;
  const settings = await settingsOfFarm(db, field.farmId);
  if (!settings.enabled) return null;
  const found = await imagery.catalog([field], 'standard', addDays(input.date, -PREVIOUS_WITHIN_DAYS), input.date);
  const clear = found.filter(({ cloudPercent }) => cloudPercent <= settings.max_cloud_percent);
  const later = clear.find(({ capture }) => capture.date === input.date);
  if (!later) return null;
  const previous = clear.find(({ capture }) => capture.date < input.date);
  let compared = previous
    ? {
        earlier: previous,
        stats: await imagery.differenceStatistics([field], previous.capture, later.capture, ALERT_ALGORITHM),
      }
    : null;
  if (!compared?.stats || !isDrop(compared.stats, settings)) {
    const lastSeason = await sameTimeLastSeason(imagery, field, input.date, settings.max_cloud_percent);
    const stats = lastSeason
      ? await imagery.differenceStatistics([field], lastSeason.capture, later.capture, ALERT_ALGORITHM)
      : null;
    if (lastSeason && stats && isDrop(stats, settings)) compared = { earlier: lastSeason, stats };
  }
  if (!compared?.stats || !isDrop(compared.stats, settings)) return null;
  const { earlier, stats } = compared;
  let recorded: string | null = null;
  await commit(async (trx) => {
    const alert = await trx
      .insertInto('change_alerts')
      .values({
        field_id: field.fieldId,
        farm_id: field.farmId,
        algorithm: ALERT_ALGORITHM,
        earlier_date: earlier.capture.date,
        later_date: later.capture.date,
        mean_change: stats.difference.mean,
        percent_down: stats.percentDown,
      })
      .onConflict((conflict) => conflict.columns(['field_id', 'later_date']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!alert) return; // another delivery of this check recorded it
    recorded = alert.id;
    await notifyAccounts(trx, deps.jobs, alert.id, await recipientsOf(trx, field.farmId, settings.audiences));
  });
  return recorded;
}

/** Enqueues a check for every field's new clear-enough captures up to `through`, and moves each field's mark on. */
export async function scanForCaptures(
  deps: Pick<AlertDeps, 'db' | 'jobs' | 'imagery'>,
  through: string,
): Promise<number> {
  const { db, jobs, imagery } = deps;
  const farms = await db
    .selectFrom('farms as f')
    .leftJoin('farm_alert_settings as s', 's.farm_id', 'f.id')
    .select('f.id')
    .where((eb) => eb.or([eb('s.enabled', 'is', null), eb('s.enabled', '=', true)]))
    .where('f.number_of_fields', '>', 0)
    .execute();
  let enqueued = 0;
  for (const { id: farmId } of farms) {
    const settings = await settingsOfFarm(db, farmId);
    const fields = await loadFarmFields(db, [farmId]);
    const marks = new Map(
      (
        await db
          .selectFrom('field_alert_checks')
          .select(['field_id', sql<string>`to_char(checked_through, 'YYYY-MM-DD')`.as('through')])
          .where(
            'field_id',
            'in',
            fields.map((field) => field.fieldId),
          )
          .execute()
      ).map((row) => [row.field_id, row.through]),
    );
    for (const field of fields) {
      const mark = marks.get(field.fieldId);
      const from = mark ? addDays(mark, 1) : addDays(through, -FIRST_SCAN_DAYS);
      if (from > through) continue;
      const found = await imagery.catalog([field], 'standard', from, through);
      await db.transaction().execute(async (trx) => {
        for (const { capture, cloudPercent } of found) {
          if (cloudPercent > settings.max_cloud_percent) continue;
          const id = await jobs.enqueue(
            trx,
            CHECK_JOB,
            { field_id: field.fieldId, date: capture.date },
            { dedupeKey: `${CHECK_JOB}:${field.fieldId}:${capture.date}` },
          );
          if (id) enqueued += 1;
        }
        await trx
          .insertInto('field_alert_checks')
          .values({ field_id: field.fieldId, checked_through: through })
          .onConflict((conflict) =>
            conflict.column('field_id').doUpdateSet({ checked_through: through, updated_on: sql<Date>`now()` }),
          )
          .execute();
      });
    }
  }
  return enqueued;
}

/** The scan of the time slot holding `now` (one per slot, whichever process enqueues it). */
export async function scheduleScan(
  deps: Pick<AlertDeps, 'db' | 'jobs' | 'scanIntervalMs'>,
  now = Date.now(),
): Promise<void> {
  const slot = Math.floor(now / deps.scanIntervalMs) + 1;
  await deps.jobs.enqueue(
    deps.db,
    SCAN_JOB,
    {},
    {
      dedupeKey: `${SCAN_JOB}:${deps.scanIntervalMs}:${slot}`,
      runAt: new Date(slot * deps.scanIntervalMs),
    },
  );
}

export function registerAlertJobs(deps: AlertDeps): void {
  deps.jobs.register<z.infer<typeof checkPayload>>(CHECK_JOB, {
    parse: (payload) => checkPayload.parse(payload),
    handle: async (payload, context) => {
      await checkFieldCapture(deps, { fieldId: payload.field_id, date: payload.date }, context.complete);
    },
  });
  deps.jobs.register<z.infer<typeof scanPayload>>(SCAN_JOB, {
    parse: (payload) => scanPayload.parse(payload),
    leaseMs: 10 * 60_000,
    handle: async (payload) => {
      await scanForCaptures(deps, payload.through ?? todayUtc());
      // The next slot's scan: the job is durable, so the chain survives restarts of every process.
      await scheduleScan(deps);
    },
  });
}
