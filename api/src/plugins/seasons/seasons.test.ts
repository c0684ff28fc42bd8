import {
  fieldCollectionSchema,
  fieldSeasonSchema,
  fieldSeasonsResponseSchema,
  type FieldFeature,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

describe.each(availableBackends())('field seasons on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;
  let wheat: FieldFeature;
  let bare: FieldFeature;

  beforeAll(async () => {
    t = await startTestApp(kind, { JOBS_CONCURRENCY: '0' });
    [owner, editor, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t), signIn(t)]);
    const farm = await createFarm(t, owner, 'Seasons');
    farmId = farm.id;
    [wheat, bare] = (
      await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('Wheat paddock', square(147.3, -35.1), { field_crop_type: 'wheat' }),
        fieldFeature('Bare paddock', square(147.32, -35.1), { field_crop_type: null }),
      )
    ).features as [FieldFeature, FieldFeature];
    expect((await share(t, owner, [farm.id], [editor.email], 'editor')).statusCode).toBe(200);
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const seasonsOf = async (user: TestUser, fieldId: string) => {
    const response = await t.request({ method: 'GET', url: `/v2/fields/${fieldId}/seasons`, token: user.token });
    expect(response.statusCode).toBe(200);
    return fieldSeasonsResponseSchema.parse(response.json()).seasons;
  };
  const cropOf = async (fieldId: string) => {
    const fields = fieldCollectionSchema.parse(
      (await t.request({ method: 'GET', url: `/v2/farms/${farmId}/fields`, token: owner.token })).json(),
    ).features as FieldFeature[];
    return fields.find((f) => f.id === fieldId)?.properties.field_crop_type;
  };
  const post = (user: TestUser, fieldId: string, body: object) =>
    t.request({ method: 'POST', url: `/v2/fields/${fieldId}/seasons`, token: user.token, payload: body });

  it('gives a field created with a crop type a current season of that crop; a field with none has no season and still works', async () => {
    expect(await seasonsOf(viewer, wheat.id)).toMatchObject([
      { crop: 'Wheat', current: true, sowing_date: null, variety: null },
    ]);
    expect(await seasonsOf(viewer, bare.id)).toEqual([]);
    expect(await cropOf(bare.id)).toBeNull();
  });

  it('lets an editor add this season (it becomes current and the field’s crop type follows), keeping the old one as history', async () => {
    const response = await post(editor, wheat.id, {
      crop: 'canola',
      variety: 'Hyola 350TT',
      sowing_date: '2026-04-28',
      notes: 'Dry sown',
    });
    expect(response.statusCode).toBe(201);
    const season = fieldSeasonSchema.parse(response.json());
    expect(season).toMatchObject({ crop: 'Canola', variety: 'Hyola 350TT', sowing_date: '2026-04-28', current: true });
    expect(await cropOf(wheat.id)).toBe('Canola');
    const seasons = await seasonsOf(owner, wheat.id);
    expect(seasons.map((s) => [s.crop, s.current])).toEqual([
      ['Canola', true],
      ['Wheat', false],
    ]);
  });

  it("keeps the current season's crop and the field's crop type equal both ways", async () => {
    // Through the fields API (the crop-type prompt).
    const patched = await t.request({
      method: 'PATCH',
      url: `/v2/farms/${farmId}/fields/crop_type`,
      token: editor.token,
      payload: { field_ids: [wheat.id, bare.id], field_crop_type: 'barley' },
    });
    expect(patched.statusCode).toBe(200);
    const [current] = await seasonsOf(owner, wheat.id);
    expect(current).toMatchObject({ crop: 'Barley', current: true, sowing_date: '2026-04-28' });
    // A field with no season gets one.
    expect(await seasonsOf(owner, bare.id)).toMatchObject([{ crop: 'Barley', current: true }]);
    // Through the seasons API.
    const edit = await t.request({
      method: 'PATCH',
      url: `/v2/fields/${wheat.id}/seasons/${current?.id}`,
      token: editor.token,
      payload: { crop: 'Wheat', harvest_date: '2026-11-30' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await cropOf(wheat.id)).toBe('Wheat');
  });

  it('makes an older season current again on request, and clears the crop type when the current one is removed', async () => {
    const seasons = await seasonsOf(owner, wheat.id);
    const older = seasons.find((s) => !s.current);
    const current = seasons.find((s) => s.current);
    const promote = await t.request({
      method: 'PATCH',
      url: `/v2/fields/${wheat.id}/seasons/${older?.id}`,
      token: owner.token,
      payload: { current: true, crop: 'Oats' },
    });
    expect(promote.statusCode).toBe(200);
    expect(await cropOf(wheat.id)).toBe('Oats');
    expect((await seasonsOf(owner, wheat.id)).filter((s) => s.current).map((s) => s.id)).toEqual([older?.id]);
    const removed = await t.request({
      method: 'DELETE',
      url: `/v2/fields/${wheat.id}/seasons/${older?.id}`,
      token: editor.token,
    });
    expect(removed.statusCode).toBe(204);
    expect(await cropOf(wheat.id)).toBeNull();
    expect((await seasonsOf(owner, wheat.id)).map((s) => s.id)).toEqual([current?.id]);
  });

  it('holds one current season per field in the database itself', async () => {
    const rows = await sql<{ n: number }>`
      select count(*)::int as n from field_seasons where is_current group by field_id having count(*) > 1`.execute(
      t.app.db,
    );
    expect(rows.rows).toEqual([]);
    await expect(
      sql`insert into field_seasons (field_id, crop, is_current) values (${bare.id}, 'Oats', true)`.execute(t.app.db),
    ).rejects.toThrow(/field_seasons_one_current/);
  });

  it('lets viewers read but not write, and hides the field from strangers', async () => {
    expect((await seasonsOf(viewer, wheat.id)).length).toBeGreaterThan(0);
    const denied = await post(viewer, wheat.id, { crop: 'Wheat' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: "Viewers can't change a field's seasons" });
    const [season] = await seasonsOf(viewer, wheat.id);
    const deniedDelete = await t.request({
      method: 'DELETE',
      url: `/v2/fields/${wheat.id}/seasons/${season?.id}`,
      token: viewer.token,
    });
    expect(deniedDelete.statusCode).toBe(403);
    for (const response of [
      await t.request({ method: 'GET', url: `/v2/fields/${wheat.id}/seasons`, token: stranger.token }),
      await post(stranger, wheat.id, { crop: 'Wheat' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Field not found' });
    }
  });

  it('answers bad input with a clear 4xx, never a 500', async () => {
    const harvestFirst = await post(editor, bare.id, {
      crop: 'Wheat',
      sowing_date: '2026-05-01',
      harvest_date: '2026-04-01',
    });
    expect(harvestFirst.statusCode).toBe(422);
    expect(JSON.stringify(harvestFirst.json())).toContain('The harvest date must be on or after the sowing date');
    const badDate = await post(editor, bare.id, { crop: 'Wheat', sowing_date: '2026-02-30' });
    expect(badDate.statusCode).toBe(422);
    expect(JSON.stringify(badDate.json())).toContain('that month has no day 30');
    expect((await post(editor, bare.id, { crop: '' })).statusCode).toBe(422);
    const [season] = await seasonsOf(owner, bare.id);
    const patchBad = await t.request({
      method: 'PATCH',
      url: `/v2/fields/${bare.id}/seasons/${season?.id}`,
      token: editor.token,
      payload: { harvest_date: '2020-01-01', sowing_date: '2021-01-01' },
    });
    expect(patchBad.statusCode).toBe(422);
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const response = await t.request({
        method: 'PATCH',
        url: `/v2/fields/${bare.id}/seasons/${id}`,
        token: editor.token,
        payload: { notes: 'x' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Season not found' });
    }
    // Another field's season is not this field's.
    const [wheatSeason] = await seasonsOf(owner, wheat.id);
    const crossed = await t.request({
      method: 'DELETE',
      url: `/v2/fields/${bare.id}/seasons/${wheatSeason?.id}`,
      token: editor.token,
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v2/fields/{id}/seasons',
        '/v2/fields/{id}/seasons/{season_id}',
        '/v2/farms/{farm_id}/weather',
        '/v2/fields/{id}/weather',
        '/v2/fields/{id}/season.csv',
      ]),
    );
  });
});
