import type { FieldFeature } from '@paddock/shared/contracts';
import { addDays } from '../../imagery/dates';
import type { ImageryField } from '../../imagery/service';
import { addFields, createFarm, fieldFeature, signIn, square } from '../../test/farms';
import { startTestApp, type TestContext } from '../../test/harness';
import { loadFarmFields } from '../imagery/access';
import { CHECK_JOB, scanForCaptures } from './service';

jest.setTimeout(240_000);

describe('the scan for new captures', () => {
  let t: TestContext;
  let field: FieldFeature;

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const owner = await signIn(t);
    const farm = await createFarm(t, owner, 'Scan Farm');
    [field] = (await addFields(t, owner, farm.id, fieldFeature('East', square(147.374, -35.12, 0.01)))).features as [
      FieldFeature,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enqueues one check per clear-enough capture, and none again for captures it has seen', async () => {
    const through = '2025-10-20';
    const deps = { db: t.app.db, jobs: t.app.jobs, imagery: t.app.imagery };
    const [imageryField] = await loadFarmFields(t.app.db, [field.properties.farm_id]);
    // A first scan looks back ten days.
    const found = await t.app.imagery.catalog(
      [imageryField as ImageryField],
      'standard',
      addDays(through, -10),
      through,
    );
    const clear = found.filter(({ cloudPercent }) => cloudPercent <= 20).map(({ capture }) => capture.date);

    // Every farm's fields are scanned (the demo farm's too); this field's checks are its clear captures.
    expect(await scanForCaptures(deps, through)).toBeGreaterThanOrEqual(clear.length);
    const jobs = await t.app.db.selectFrom('jobs').select('payload').where('kind', '=', CHECK_JOB).execute();
    const dateOf = (payload: unknown) =>
      (typeof payload === 'string' ? JSON.parse(payload) : payload) as { date: string; field_id: string };
    const ours = jobs
      .map(({ payload }) => dateOf(payload) as { date: string; field_id: string })
      .filter((job) => job.field_id === field.id);
    expect(ours.map((job) => job.date).sort()).toEqual([...clear].sort());
    expect(await scanForCaptures(deps, through)).toBe(0);
  });
});
