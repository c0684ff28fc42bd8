import { fieldCollectionSchema, type FieldFeature } from '@paddock/shared/contracts';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

describe.each(availableBackends())('PATCH v2/farms/{farm_id}/fields/crop_type on %s', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;
  let otherFarmField: FieldFeature;
  let fields: FieldFeature[];

  beforeAll(async () => {
    t = await startTestApp(kind);
    [owner, editor, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t), signIn(t)]);
    const farm = await createFarm(t, owner, 'Crops');
    farmId = farm.id;
    fields = (
      await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('A', square(147.3, -35.1), { field_crop_type: null }),
        fieldFeature('B', square(147.32, -35.1), { field_crop_type: null }),
        fieldFeature('C', square(147.34, -35.1), { field_crop_type: null }),
      )
    ).features as FieldFeature[];
    expect((await share(t, owner, [farm.id], [editor.email], 'editor')).statusCode).toBe(200);
    expect((await share(t, owner, [farm.id], [viewer.email], 'viewer')).statusCode).toBe(200);
    const other = await createFarm(t, owner, 'Other');
    [otherFarmField] = (await addFields(t, owner, other.id, fieldFeature('X', square(140, -30)))).features as [
      FieldFeature,
    ];
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const patch = (user: TestUser, body: unknown, farm = farmId) =>
    t.request({
      method: 'PATCH',
      url: `/v2/farms/${farm}/fields/crop_type`,
      token: user.token,
      payload: body as object,
    });
  const cropsNow = async () =>
    (
      fieldCollectionSchema.parse(
        (await t.request({ method: 'GET', url: `/v2/farms/${farmId}/fields`, token: owner.token })).json(),
      ).features as FieldFeature[]
    ).map((f) => [f.properties.field_name, f.properties.field_crop_type]);

  it('sets the crop of several fields at once (names normalised to the list), and answers them', async () => {
    const [a, b] = fields as [FieldFeature, FieldFeature];
    const response = await patch(editor, { field_ids: [a.id, b.id], field_crop_type: 'wheat' });
    expect(response.statusCode).toBe(200);
    const body = fieldCollectionSchema.parse(response.json());
    expect(body.features.map((f) => f.properties.field_crop_type)).toEqual(['Wheat', 'Wheat']);
    expect(await cropsNow()).toEqual([
      ['A', 'Wheat'],
      ['B', 'Wheat'],
      ['C', null],
    ]);
  });

  it('refuses viewers (403) and non-members (404), changing nothing', async () => {
    const ids = fields.map((f) => f.id);
    const refused = await patch(viewer, { field_ids: ids, field_crop_type: 'Canola' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: "Viewers can't change crop types" });
    const hidden = await patch(stranger, { field_ids: ids, field_crop_type: 'Canola' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ detail: 'Farm not found' });
    expect((await cropsNow()).map(([, crop]) => crop)).toEqual(['Wheat', 'Wheat', null]);
  });

  it("is all or nothing: a field of another farm is 'Field not found'", async () => {
    const response = await patch(owner, { field_ids: [fields[2]?.id, otherFarmField.id], field_crop_type: 'Barley' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Field not found' });
    expect((await cropsNow())[2]).toEqual(['C', null]);
  });

  it('validates the body with words for the user', async () => {
    const empty = await patch(owner, { field_ids: [], field_crop_type: 'Barley' });
    expect(empty.statusCode).toBe(422);
    expect(JSON.stringify(empty.json())).toContain('Choose at least one field');
    const cleared = await patch(owner, { field_ids: [fields[0]?.id], field_crop_type: null });
    expect(cleared.statusCode).toBe(200);
    expect((await cropsNow())[0]).toEqual(['A', null]);
  });
});
