import {
  compareLink,
  comparedWithLastSeason,
  scoutingNoteContentSchema,
  type AppNotification,
  type CompareAlgorithm,
  type FieldChangeNotification,
  type NotificationPreferences,
  type NotificationsResponse,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, Trx } from '../../db';
import type { AccountRow } from '../../db/types';
import type { Mailer } from '../../email';
import { notFound } from '../../errors';
import { readToken, signToken } from '../../crypto/signed-token';
import { dateOfDay, todayUtc } from '../../imagery/dates';
import type { JobRunner } from '../../jobs/runner';

/**
 * Notifications (issues 30 and 31): rows of their own, one per change alert or scouting follow-up and
 * person, with read state and
 * whether the daily e-mail digest has carried them. At most one digest a day per person (a job per
 * person and day, by its dedupe key); an unsubscribe link in each digest works without signing in.
 */

export const DIGEST_JOB = 'notification-digest';
const MS_PER_DAY = 86_400_000;

type Account = Pick<AccountRow, 'id'>;

const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** Change alerts told to the account (the digest carries these). */
function alertQuery(db: Db, accountId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('change_alerts as a', 'a.id', 'n.alert_id')
    .innerJoin('fields as fl', 'fl.id', 'a.field_id')
    .innerJoin('farms as f', 'f.id', 'a.farm_id')
    .select([
      'n.id',
      'a.farm_id',
      'a.field_id',
      'fl.name as field_name',
      'f.name as farm_name',
      'a.algorithm',
      dateText('a.earlier_date').as('earlier_date'),
      dateText('a.later_date').as('later_date'),
      'a.mean_change',
      'a.percent_down',
      'n.created_on',
      'n.read_on',
    ])
    .where('n.account_id', '=', accountId);
}

type AlertRow = Awaited<ReturnType<ReturnType<typeof alertQuery>['execute']>>[number];

const toAlertNotification = (row: AlertRow): FieldChangeNotification => ({
  id: row.id,
  kind: 'field_change',
  farm_id: row.farm_id,
  field_id: row.field_id,
  field_name: row.field_name,
  farm_name: row.farm_name,
  algorithm: row.algorithm as CompareAlgorithm,
  earlier_date: row.earlier_date,
  later_date: row.later_date,
  mean_change: Math.round(row.mean_change * 1000) / 1000,
  percent_down: Math.round(row.percent_down * 10) / 10,
  created_on: new Date(row.created_on).toISOString(),
  read: row.read_on !== null,
});

const personName = (first: string, last: string) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${sql.ref(first)}, ${sql.ref(last)})), '')`;

/** Scouting follow-ups given to the account, as their notes now stand. */
function followUpQuery(db: Db, accountId: string) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('scouting_notes as s', 's.id', 'n.scouting_note_id')
    .innerJoin('farms as f', 'f.id', 's.farm_id')
    .leftJoin('fields as fl', 'fl.id', 's.field_id')
    .leftJoin('scouting_note_revisions as r', 'r.id', 's.shown_revision_id')
    .leftJoin('accounts as by', 'by.id', 'r.author_id')
    .select([
      'n.id',
      's.id as note_id',
      's.farm_id',
      'f.name as farm_name',
      'fl.name as field_name',
      's.content',
      personName('by.first_name', 'by.last_name').as('assigned_by'),
      'n.created_on',
      'n.read_on',
    ])
    .where('n.account_id', '=', accountId);
}

type FollowUpRow = Awaited<ReturnType<ReturnType<typeof followUpQuery>['execute']>>[number];

function toFollowUpNotification(row: FollowUpRow): AppNotification {
  const note = scoutingNoteContentSchema.parse(row.content);
  return {
    id: row.id,
    kind: 'scouting_follow_up',
    farm_id: row.farm_id,
    farm_name: row.farm_name,
    note_id: row.note_id,
    field_name: row.field_name,
    category: note.category,
    observed_on: note.observed_on,
    due_date: note.follow_up?.due_date ?? null,
    assigned_by: row.assigned_by,
    created_on: new Date(row.created_on).toISOString(),
    read: row.read_on !== null,
  };
}

export async function unreadCount(db: Db, account: Account): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', account.id)
    .where('read_on', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function listNotifications(
  db: Db,
  account: Account,
  input: { limit: number },
): Promise<NotificationsResponse> {
  const [alerts, followUps] = await Promise.all([
    alertQuery(db, account.id).orderBy('n.created_on', 'desc').orderBy('n.id').limit(input.limit).execute(),
    followUpQuery(db, account.id).orderBy('n.created_on', 'desc').orderBy('n.id').limit(input.limit).execute(),
  ]);
  const notifications = [...alerts.map(toAlertNotification), ...followUps.map(toFollowUpNotification)]
    .sort((a, b) => b.created_on.localeCompare(a.created_on) || a.id.localeCompare(b.id))
    .slice(0, input.limit);
  return { unread_count: await unreadCount(db, account), notifications };
}

/** Marks one of the account's notifications read; 404 for anyone else's. */
export async function markRead(db: Db, account: Account, input: { id: string }): Promise<void> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!UUID.test(input.id)) throw notFound('Notification not found');
  const row = await db
    .updateTable('notifications')
    .set({ read_on: sql<Date>`coalesce(read_on, now())` })
    .where('id', '=', input.id)
    .where('account_id', '=', account.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Notification not found');
}

export async function markAllRead(db: Db, account: Account): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_on: sql<Date>`now()` })
    .where('account_id', '=', account.id)
    .where('read_on', 'is', null)
    .execute();
}

export async function preferencesOf(db: Db, account: Account): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('email_digest')
    .where('account_id', '=', account.id)
    .executeTakeFirst();
  return { email_digest: row?.email_digest ?? true };
}

export async function setPreferences(
  db: Db,
  account: Account,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .insertInto('notification_preferences')
    .values({ account_id: account.id, email_digest: input.email_digest })
    .onConflict((conflict) =>
      conflict.column('account_id').doUpdateSet({ email_digest: input.email_digest, updated_on: sql<Date>`now()` }),
    )
    .execute();
  return preferencesOf(db, account);
}

// --- Unsubscribe tokens ------------------------------------------------------------------------

const claimsSchema = z.object({ a: z.string().min(1), k: z.literal('digest') });

const PURPOSE = 'paddock-unsubscribe';

/** `<base64url(JSON claims)>.<HMAC-SHA256>`: the account whose digest the link stops. It does not expire. */
export function signUnsubscribeToken(accountId: string, secret: string): string {
  return signToken(PURPOSE, { a: accountId, k: 'digest' }, secret);
}

/** The account id of a well-signed token, else null. */
export function readUnsubscribeToken(token: string, secret: string): string | null {
  return readToken(PURPOSE, token, secret, claimsSchema)?.a ?? null;
}

export const UNSUBSCRIBE_NOT_VALID = 'This unsubscribe link is not valid. Turn the e-mails off in Settings instead.';
export const UNSUBSCRIBED =
  'You will get no more change alert e-mails. The alerts still show under the bell in Paddock; turn the e-mails back on in Settings.';

/** Turns the digest off for the token's account (no sign-in needed); false for a bad token. */
export async function unsubscribe(db: Db, token: string, secret: string): Promise<boolean> {
  const accountId = readUnsubscribeToken(token, secret);
  if (!accountId) return false;
  const exists = await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst();
  if (!exists) return false;
  await setPreferences(db, { id: accountId }, { email_digest: false });
  return true;
}

// --- Creating notifications and the digest -----------------------------------------------------

/**
 * Tells the assignee of a scouting note's follow-up (once per person and note: an edit that keeps
 * the follow-up with them does nothing), in `trx`. Follow-ups show under the bell; the daily e-mail
 * is for change alerts.
 */
export async function notifyFollowUp(trx: Trx, noteId: string, assigneeId: string): Promise<boolean> {
  const inserted = await trx
    .insertInto('notifications')
    .values({ account_id: assigneeId, scouting_note_id: noteId })
    .onConflict((conflict) => conflict.columns(['account_id', 'scouting_note_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Notifies each account of a change alert (once: a repeat does nothing) and schedules its digest, in `trx`. */
export async function notifyAccounts(
  trx: Trx,
  jobs: JobRunner,
  alertId: string,
  accountIds: readonly string[],
  now: Date = new Date(),
): Promise<number> {
  if (accountIds.length === 0) return 0;
  const inserted = await trx
    .insertInto('notifications')
    .values([...new Set(accountIds)].map((account_id) => ({ account_id, alert_id: alertId })))
    .onConflict((conflict) => conflict.columns(['account_id', 'alert_id']).doNothing())
    .returning('account_id')
    .execute();
  for (const { account_id } of inserted) await scheduleDigest(trx, jobs, account_id, now);
  return inserted.length;
}

const digestKey = (accountId: string, day: string) => `${DIGEST_JOB}:${accountId}:${day}`;

/** Today's digest for the account, or (when today's is taken) tomorrow's: never two on one day. */
async function scheduleDigest(trx: Trx, jobs: JobRunner, accountId: string, now: Date): Promise<void> {
  const today = todayUtc(now);
  const existing = await trx
    .selectFrom('jobs')
    .select('state')
    .where('dedupe_key', '=', digestKey(accountId, today))
    .executeTakeFirst();
  if (!existing) {
    await jobs.enqueue(
      trx,
      DIGEST_JOB,
      { account_id: accountId, day: today },
      { dedupeKey: digestKey(accountId, today) },
    );
    return;
  }
  if (existing.state === 'pending') return; // today's is still to go and will carry this one
  const tomorrow = dateOfDay(Math.floor(now.getTime() / MS_PER_DAY) + 1);
  await jobs.enqueue(
    trx,
    DIGEST_JOB,
    { account_id: accountId, day: tomorrow },
    { dedupeKey: digestKey(accountId, tomorrow), runAt: new Date(`${tomorrow}T00:00:00Z`) },
  );
}

export interface DigestSettings {
  appUrl: string;
  publicApiUrl: string;
  unsubscribeSecret: string;
}

const formatDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const unsubscribeLink = (settings: DigestSettings, accountId: string) =>
  `${settings.publicApiUrl}/v2/notifications/unsubscribe?token=${signUnsubscribeToken(accountId, settings.unsubscribeSecret)}`;

/** The digest e-mail of the account's notifications not yet e-mailed. */
export function digestMail(rows: readonly FieldChangeNotification[], settings: DigestSettings, accountId: string) {
  const lastSeason = (row: FieldChangeNotification) => comparedWithLastSeason(row.earlier_date, row.later_date);
  const [first] = rows;
  const subject =
    rows.length === 1 && first
      ? lastSeason(first)
        ? `${first.field_name} is down on the same time last season`
        : `${first.field_name} dropped since the last clear image`
      : rows.some(lastSeason)
        ? `${rows.length} paddocks dropped since their last clear image or last season`
        : `${rows.length} paddocks dropped since their last clear image`;
  const lines = rows.map((row) => {
    const link = `${settings.appUrl}${compareLink({
      farmId: row.farm_id,
      fieldId: row.field_id,
      algorithm: row.algorithm,
      earlierDate: row.earlier_date,
      laterDate: row.later_date,
    })}`;
    const drop = `${row.algorithm} mean ${row.mean_change.toFixed(2)}, ${row.percent_down.toFixed(0)} % of the paddock down 0.15 or more`;
    const against = lastSeason(row) ? ' (the same time last season)' : '';
    return `- ${row.field_name} (${row.farm_name}), ${formatDay(row.earlier_date)}${against} to ${formatDay(row.later_date)}: ${drop}\n  ${link}`;
  });
  const unsubscribe = unsubscribeLink(settings, accountId);
  const text = [
    'Hello,',
    '',
    rows.some(lastSeason)
      ? 'Paddock compared the newest clear satellite image of these paddocks with the one before, or, where that showed no drop, with the same time last season:'
      : 'Paddock compared the newest clear satellite image of these paddocks with the one before:',
    '',
    ...lines,
    '',
    'Open a link to see both dates side by side and the change on the map.',
    '',
    `Stop these e-mails: ${unsubscribe}`,
    '',
    '— Paddock',
  ].join('\n');
  return { subject, text, link: unsubscribe };
}

const digestPayload = z.object({ account_id: z.string(), day: z.string() });

export function registerDigestJob(jobs: JobRunner, deps: { db: Db; mailer: Mailer; settings: DigestSettings }): void {
  jobs.register<z.infer<typeof digestPayload>>(DIGEST_JOB, {
    parse: (payload) => digestPayload.parse(payload),
    handle: async (payload, context) => {
      const { db } = deps;
      const account = await db
        .selectFrom('accounts')
        .select(['id', 'login_email', 'contact_email'])
        .where('id', '=', payload.account_id)
        .executeTakeFirst();
      const to = account?.contact_email || account?.login_email;
      const wanted = account ? (await preferencesOf(db, account)).email_digest : false;
      const rows = await alertQuery(db, payload.account_id)
        .where('n.emailed_on', 'is', null)
        .orderBy('n.created_on')
        .execute();
      if (!account || !to || !wanted || rows.length === 0) return;
      const mail = digestMail(rows.map(toAlertNotification), deps.settings, account.id);
      // The mail's id is the job's: a retry after a crash between sending and completing is the same message.
      await deps.mailer.send({ id: `digest-${context.job.id}`, to, ...mail });
      await context.complete(async (trx) => {
        await trx
          .updateTable('notifications')
          .set({ emailed_on: sql<Date>`now()` })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .execute();
      });
    },
  });
}
