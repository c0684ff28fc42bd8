import { alertSettingsSchema, notificationsResponseSchema, type FieldFeature } from '@paddock/shared/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { DevMailbox } from '../../email';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import type { ImageryField, ImageryService } from '../../imagery/service';
import type { CatalogCapture } from '../../imagery/tasks';
import { loadFarmFields } from '../imagery/access';
import { DIGEST_JOB } from '../notifications/service';
import type { Capture } from '../../imagery/source';
import { CHECK_JOB, checkFieldCapture, isDrop, yearEarlier } from './service';

jest.setTimeout(480_000);

/** Canola near Wagga senesces in spring 2025 in the simulated source (each field on its own timing). */
const SPRING = { from: '2025-09-15', to: '2025-11-25' };

describe.each(availableBackends())('change alerts on %s', (kind) => {
  let t: TestContext;
  /** A second api on the same database (a second process on PostgreSQL; on PGlite the one embedded database allows one). */
  let other: FastifyInstance | null = null;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let canola: FieldFeature;
  let farmId: string;
  /** Two consecutive clear captures between which the field's mean NDVI fell by more than 0.12, the clear one after, and a cloudy one. */
  let CLEAR_BEFORE: string;
  let DROPPED: string;
  let NEXT_CLEAR: string;
  let CLOUDY: string;
  /** A mean drop the steepest fall passes (the farm's setting for the test). */
  let threshold: number;

  const apps = () => [t.app, ...(other ? [other] : [])];
  const mailbox = () => t.app.mailer as DevMailbox;
  /** The digests sent to an address (the shares sent invitations too). */
  const digestsTo = async (email: string) =>
    (await mailbox().list({ to: email })).filter((mail) => mail.subject.includes('dropped since'));
  const notificationsOf = async (user: TestUser) =>
    notificationsResponseSchema.parse(
      (await t.request({ method: 'GET', url: '/v2/notifications', token: user.token })).json(),
    );

  /** Enqueues a check of (field, date) `times` times as separate jobs (a redelivered event), and waits for every api to finish them and the digests. */
  async function deliverCheck(fieldId: string, date: string, times: number) {
    for (let i = 0; i < times; i += 1) await t.app.jobs.enqueue(t.app.db, CHECK_JOB, { field_id: fieldId, date });
    await waitForJobs();
  }
  async function waitForJobs() {
    for (;;) {
      await Promise.all(apps().map((app) => app.jobs.idle([CHECK_JOB, DIGEST_JOB])));
      const busy = await t.app.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', 'in', [CHECK_JOB, DIGEST_JOB])
        .where((eb) =>
          eb.or([eb('state', '=', 'running'), eb.and([eb('state', '=', 'pending'), eb('run_at', '<=', new Date())])]),
        )
        .executeTakeFirst();
      if (!busy) break;
    }
    const failed = await t.app.db
      .selectFrom('jobs')
      .select(['kind', 'last_error'])
      .where('last_error', 'is not', null)
      .execute();
    expect(failed).toEqual([]);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_POLL_MS: '100' });
    if (kind === 'postgres') other = await buildApp({ config: t.config });
    [owner, editor, viewer] = [await signIn(t), await signIn(t), await signIn(t)];
    const farm = await createFarm(t, owner, 'Alert Farm');
    farmId = farm.id;
    [canola] = (
      await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('Canola east', square(147.374, -35.12, 0.01), { field_crop_type: 'Canola' }),
      )
    ).features as [FieldFeature];
    expect((await share(t, owner, [farm.id], [editor.email], 'editor')).statusCode).toBe(200);
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
    for (const user of [owner, editor, viewer]) user.token = await t.token(user.claims, { expiresIn: 3600 });

    const [field] = await loadFarmFields(t.app.db, [farmId]);
    const found = [
      ...(await t.app.imagery.catalog([field as ImageryField], 'standard', SPRING.from, SPRING.to)),
    ].reverse();
    CLOUDY = (found.find(({ cloudPercent }) => cloudPercent > 50) as CatalogCapture).capture.date;
    const clear = found.filter(({ cloudPercent }) => cloudPercent <= 20);
    const means = await Promise.all(
      clear.map(
        async ({ capture }) =>
          (await t.app.imagery.fieldStatistics([field as ImageryField], capture, 'NDVI')).summary?.mean ?? 0,
      ),
    );
    // The steepest fall between consecutive clear captures (each simulated field senesces on its own timing).
    const drops = means.map((mean, i) => (i === 0 ? 0 : (means[i - 1] as number) - mean));
    const at = drops.indexOf(Math.max(...drops));
    expect(drops[at]).toBeGreaterThan(0.04);
    threshold = Math.floor((drops[at] as number) * 0.8 * 100) / 100;
    [CLEAR_BEFORE, DROPPED, NEXT_CLEAR] = [at - 1, at, at + 1].map((i) => clear[i]?.capture.date as string) as [
      string,
      string,
      string,
    ];
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  it('has default settings any member reads, and only the owner changes', async () => {
    const read = await t.request({ method: 'GET', url: `/v2/farms/${farmId}/alert-settings`, token: viewer.token });
    expect(alertSettingsSchema.parse(read.json())).toEqual({
      enabled: true,
      mean_drop: 0.1,
      percent_down: 10,
      max_cloud_percent: 20,
      audiences: ['owner', 'editor'],
    });
    const refused = await t.request({
      method: 'PATCH',
      url: `/v2/farms/${farmId}/alert-settings`,
      token: editor.token,
      payload: { enabled: false },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await t.request({
      method: 'PATCH',
      url: `/v2/farms/${farmId}/alert-settings`,
      token: owner.token,
      payload: { audiences: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Choose who is told');
  });

  it('a cloudy capture makes no notification', async () => {
    await deliverCheck(canola.id, CLOUDY, 1);
    expect((await notificationsOf(owner)).notifications).toHaveLength(0);
    expect(await t.app.db.selectFrom('change_alerts').select('id').execute()).toHaveLength(0);
  });

  it('a drop makes exactly one notification per person told and one digest e-mail, though the check is delivered twice to two apis', async () => {
    const changed = await t.request({
      method: 'PATCH',
      url: `/v2/farms/${farmId}/alert-settings`,
      token: owner.token,
      payload: { mean_drop: threshold, percent_down: 100 },
    });
    expect(changed.statusCode).toBe(200);
    await deliverCheck(canola.id, DROPPED, 2);
    const alerts = await t.app.db.selectFrom('change_alerts').selectAll().execute();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.mean_change).toBeLessThanOrEqual(-threshold);
    for (const user of [owner, editor]) {
      const { unread_count, notifications } = await notificationsOf(user);
      expect(unread_count).toBe(1);
      expect(notifications).toHaveLength(1);
      expect(notifications[0]).toMatchObject({
        field_id: canola.id,
        earlier_date: CLEAR_BEFORE,
        later_date: DROPPED,
        read: false,
      });
      const mails = await digestsTo(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Canola east dropped since the last clear image');
      expect(mails[0]?.text).toContain(`compare=standard_NDVI%40${CLEAR_BEFORE}%2Cstandard_NDVI%40${DROPPED}`);
    }
    // Viewers are not among the default audiences.
    expect((await notificationsOf(viewer)).notifications).toHaveLength(0);
    expect(await digestsTo(viewer.email)).toHaveLength(0);
  });

  it('marks read one and all', async () => {
    const [first] = (await notificationsOf(owner)).notifications;
    const one = await t.request({ method: 'POST', url: `/v2/notifications/${first?.id}/read`, token: owner.token });
    expect(one.json()).toEqual({ unread_count: 0 });
    expect(
      (await t.request({ method: 'POST', url: `/v2/notifications/${first?.id}/read`, token: editor.token })).statusCode,
    ).toBe(404);
    await t.request({ method: 'POST', url: '/v2/notifications/read-all', token: editor.token });
    expect((await notificationsOf(editor)).unread_count).toBe(0);
  });

  it('the unsubscribe link works without signing in and stops the e-mails; at most one digest a day', async () => {
    const [mail] = await digestsTo(owner.email);
    const link = new URL(String(mail?.link));
    const page = await t.request({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stop the e-mails');
    const forged = await t.request({
      method: 'POST',
      url: `${link.pathname}?token=${link.searchParams.get('token')}x`,
    });
    expect(forged.statusCode).toBe(400);
    const done = await t.request({ method: 'POST', url: `${link.pathname}${link.search}` });
    expect(done.statusCode).toBe(200);
    const prefs = await t.request({ method: 'GET', url: '/v2/notifications/preferences', token: owner.token });
    expect(prefs.json()).toEqual({ email_digest: false });

    // A second drop on the same day (a lower threshold, the next clear capture): notified, but today's digest went already.
    await t.request({
      method: 'PATCH',
      url: `/v2/farms/${farmId}/alert-settings`,
      token: owner.token,
      payload: { mean_drop: 0.01 },
    });
    await deliverCheck(canola.id, NEXT_CLEAR, 1);
    expect((await notificationsOf(owner)).unread_count).toBe(1);
    expect(await digestsTo(editor.email)).toHaveLength(1);
    // Tomorrow's digest carries it: the editor gets it, the owner (unsubscribed) does not.
    const tomorrow = await t.app.db
      .updateTable('jobs')
      .set({ run_at: new Date() })
      .where('kind', '=', DIGEST_JOB)
      .where('state', '=', 'pending')
      .returning('id')
      .execute();
    expect(tomorrow).toHaveLength(2);
    await waitForJobs();
    expect(await digestsTo(editor.email)).toHaveLength(2);
    expect(await digestsTo(owner.email)).toHaveLength(1);
  });

  it('decides a drop by the mean or by the share of the field down', () => {
    const stats = (mean: number, percentDown: number) => ({
      earlier: { count: 1, mean: 0, sd: 0, min: 0, max: 0, p10: 0, p25: 0, p50: 0, p75: 0, p90: 0 },
      later: { count: 1, mean: 0, sd: 0, min: 0, max: 0, p10: 0, p25: 0, p50: 0, p75: 0, p90: 0 },
      difference: { count: 1, mean, sd: 0, min: 0, max: 0, p10: 0, p25: 0, p50: 0, p75: 0, p90: 0 },
      percentDown,
    });
    const settings = { mean_drop: 0.1, percent_down: 10 };
    expect(isDrop(stats(-0.1, 0), settings)).toBe(true);
    expect(isDrop(stats(-0.05, 10.5), settings)).toBe(true);
    expect(isDrop(stats(-0.05, 10), settings)).toBe(false);
    expect(isDrop(stats(0.2, 0), settings)).toBe(false);
  });

  it('with no drop since the previous clear capture, compares with the clear capture nearest the same day last season', async () => {
    // The farm's thresholds now: mean down 0.01 or more (set above). A stand-in source with known changes.
    const entry = (date: string, cloudPercent = 0): CatalogCapture => ({
      capture: { id: `test:${date}`, layer: 'standard', date, resolutionM: 10, sourceLabel: 'TEST' },
      cloudPercent,
    });
    const captures = [
      entry('2023-06-20'),
      entry('2023-06-15'),
      entry('2022-06-27'),
      entry('2022-06-21', 90),
      entry('2022-06-12'),
      entry('2022-05-01'),
    ];
    const meanChange: Record<string, number> = { '2023-06-15': -0.005, '2022-06-27': -0.3, '2022-06-12': -0.4 };
    const summary = (mean: number) => ({
      count: 1,
      mean,
      sd: 0,
      min: mean,
      max: mean,
      p10: mean,
      p25: mean,
      p50: mean,
      p75: mean,
      p90: mean,
    });
    const asked: string[] = [];
    const imagery = {
      catalog: async (_fields: unknown, _layer: unknown, from: string, to: string) =>
        captures.filter(({ capture }) => capture.date >= from && capture.date <= to),
      differenceStatistics: async (_fields: unknown, earlier: Capture) => {
        asked.push(earlier.date);
        return {
          earlier: summary(0.6),
          later: summary(0.5),
          difference: summary(meanChange[earlier.date] ?? 0),
          percentDown: 0,
        };
      },
    } as unknown as ImageryService;
    const deps = { db: t.app.db, jobs: t.app.jobs, imagery };

    // 2022-06-21 is nearest a year before, but cloudy: 2022-06-27 (7 days) is nearer than 2022-06-12 (8 days).
    const id = await checkFieldCapture(deps, { fieldId: canola.id, date: '2023-06-20' });
    expect(asked).toEqual(['2023-06-15', '2022-06-27']);
    expect(id).not.toBeNull();
    const told = (await notificationsOf(owner)).notifications.filter(
      (n) => n.kind === 'field_change' && n.later_date === '2023-06-20',
    );
    expect(told).toEqual([expect.objectContaining({ earlier_date: '2022-06-27', mean_change: -0.3 })]);
    // Delivered again: recorded once.
    expect(await checkFieldCapture(deps, { fieldId: canola.id, date: '2023-06-20' })).toBeNull();
    // Last season has no clear capture within 30 days of 2022-07-30, and the previous one is no drop: none.
    captures.unshift(entry('2023-07-30'));
    meanChange['2023-06-20'] = 0.02;
    expect(await checkFieldCapture(deps, { fieldId: canola.id, date: '2023-07-30' })).toBeNull();
    await waitForJobs();
  });

  it('takes the same calendar day a year before, 29 February as the 28th', () => {
    expect(yearEarlier('2026-03-01')).toBe('2025-03-01');
    expect(yearEarlier('2028-02-29')).toBe('2027-02-28');
    expect(yearEarlier('2029-03-31')).toBe('2028-03-31');
  });
});
