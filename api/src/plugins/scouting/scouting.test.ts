import {
  FIELD_NOT_ON_FARM_MESSAGE,
  FOLLOW_UP_MEMBER_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  NOTE_NOT_FOUND,
  notificationsResponseSchema,
  scoutingApi,
  scoutingNoteLink,
  scoutingNoteHistorySchema,
  scoutingNoteResponseSchema,
  scoutingNotesResponseSchema,
  scoutingPeopleResponseSchema,
  type CreateScoutingNote,
  type ScoutingNoteContentInput,
} from '@paddock/shared/contracts';
import { randomUUID } from 'node:crypto';
import {
  accountIdOf,
  addFields,
  createFarm,
  fieldFeature,
  issuesOf,
  share,
  signIn,
  square,
  WAGGA,
  type TestUser,
} from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

const url = (path: string) => `/v2/${path}`;

const pin = (overrides: Partial<ScoutingNoteContentInput> = {}): ScoutingNoteContentInput => ({
  geometry: { type: 'Point', coordinates: [WAGGA.lon + 0.001, WAGGA.lat + 0.001] },
  location_source: 'gps',
  accuracy_m: 6,
  category: 'weeds',
  severity: 'moderate',
  text: 'Wild radish along the fence line',
  observed_on: '2026-11-20',
  index_reading: { index: 'ndvi', date: '2026-11-18', value: 0.62 },
  ...overrides,
});

const send = (
  note: ScoutingNoteContentInput,
  key = randomUUID(),
  at = new Date().toISOString(),
): CreateScoutingNote => ({
  idempotency_key: key,
  client_updated_on: at,
  note,
});

describe.each(availableBackends())('scouting notes (%s)', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;
  let fieldId: string;
  let otherFieldId: string;

  const accountId = (user: TestUser) => accountIdOf(t, user);

  const post = (user: TestUser, body: unknown, farm = farmId) =>
    t.request({ method: 'POST', url: url(scoutingApi.notes(farm)), token: user.token, payload: body as object });
  const list = async (user: TestUser, query = '') => {
    const response = await t.request({
      method: 'GET',
      url: `${url(scoutingApi.notes(farmId))}${query}`,
      token: user.token,
    });
    expect(response.statusCode).toBe(200);
    return scoutingNotesResponseSchema.parse(response.json()).data;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [owner, editor, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t), signIn(t)]);
    farmId = (await createFarm(t, owner, 'Scouting Farm')).id;
    const fields = await addFields(
      t,
      owner,
      farmId,
      fieldFeature('North', square()),
      fieldFeature('South', square(WAGGA.lon, WAGGA.lat - 0.02)),
    );
    fieldId = fields.features[0]?.id as string;
    const otherFarm = (await createFarm(t, stranger, 'Elsewhere')).id;
    otherFieldId = (await addFields(t, stranger, otherFarm, fieldFeature('Theirs', square()))).features[0]
      ?.id as string;
    expect((await share(t, owner, [farmId], [editor.email], 'editor')).statusCode).toBe(200);
    expect((await share(t, owner, [farmId], [viewer.email], 'viewer')).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('adds a note once however often the same key is sent, and a viewer sees it', async () => {
    const body = send(pin({ field_id: fieldId }));
    const first = await post(editor, body);
    expect(first.statusCode).toBe(201);
    const again = await Promise.all([post(editor, body), post(editor, body)]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200]);
    const note = scoutingNoteResponseSchema.parse(first.json()).data;
    for (const response of again) expect(scoutingNoteResponseSchema.parse(response.json()).data.id).toBe(note.id);
    expect(note.note).toMatchObject({ category: 'weeds', accuracy_m: 6, field_id: fieldId });
    expect(note.author_id).toBe(await accountId(editor));
    const seen = await list(viewer);
    expect(seen.filter((item) => item.id === note.id)).toHaveLength(1);
  });

  it('refuses a key reused on another farm', async () => {
    const theirs = (await createFarm(t, owner, 'Second')).id;
    const body = send(pin());
    expect((await post(owner, body)).statusCode).toBe(201);
    const reused = await post(owner, body, theirs);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ detail: IDEMPOTENCY_REUSED_MESSAGE });
  });

  it('lets viewers read but not write, and hides the farm from strangers', async () => {
    const byViewer = await post(viewer, send(pin()));
    expect(byViewer.statusCode).toBe(403);
    expect((await post(stranger, send(pin()))).statusCode).toBe(404);
    const note = scoutingNoteResponseSchema.parse((await post(owner, send(pin()))).json()).data;
    const peek = await t.request({ method: 'GET', url: url(scoutingApi.note(note.id)), token: stranger.token });
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ detail: NOTE_NOT_FOUND });
    const bad = await t.request({ method: 'GET', url: url(scoutingApi.note('not-a-uuid')), token: owner.token });
    expect(bad.statusCode).toBe(404);
  });

  it('checks the field is on the farm and the follow-up goes to a member', async () => {
    const wrongField = await post(owner, send(pin({ field_id: otherFieldId })));
    expect(issuesOf(wrongField).map((issue) => issue.msg)).toEqual([FIELD_NOT_ON_FARM_MESSAGE]);
    const outsider = await post(owner, send(pin({ follow_up: { assignee_id: await accountId(stranger) } })));
    expect(issuesOf(outsider).map((issue) => issue.msg)).toEqual([FOLLOW_UP_MEMBER_MESSAGE]);
    const badCategory = await post(owner, send({ ...pin(), category: 'frost' as 'other' }));
    expect(issuesOf(badCategory)[0]?.loc).toEqual(['body', 'note', 'category']);
  });

  it('gives a follow-up to a member, who sees it until it is done', async () => {
    const viewerId = await accountId(viewer);
    const people = await t.request({ method: 'GET', url: url(scoutingApi.people(farmId)), token: viewer.token });
    expect(
      scoutingPeopleResponseSchema
        .parse(people.json())
        .data.map((person) => [person.account_id, person.role])
        .sort(),
    ).toEqual(
      [
        [await accountId(owner), 'owner'],
        [await accountId(editor), 'editor'],
        [viewerId, 'viewer'],
      ].sort(),
    );
    const created = await post(
      editor,
      send(pin({ category: 'pests', follow_up: { assignee_id: viewerId, due_date: '2026-12-01' } })),
    );
    const note = scoutingNoteResponseSchema.parse(created.json()).data;
    const followUps = async () =>
      scoutingNotesResponseSchema
        .parse((await t.request({ method: 'GET', url: url(scoutingApi.followUps()), token: viewer.token })).json())
        .data.map((item) => item.id);
    expect(await followUps()).toContain(note.id);
    const done = await t.request({
      method: 'PUT',
      url: url(scoutingApi.note(note.id)),
      token: editor.token,
      payload: send({ ...note.note, follow_up: { assignee_id: viewerId, due_date: '2026-12-01', done: true } }),
    });
    expect(done.statusCode).toBe(201);
    expect(await followUps()).not.toContain(note.id);
  });

  it('tells the member a follow-up is given to under the bell, once per note, with a link to the note', async () => {
    const viewerId = await accountId(viewer);
    const bell = async (user: TestUser) =>
      notificationsResponseSchema.parse(
        (await t.request({ method: 'GET', url: '/v2/notifications', token: user.token })).json(),
      );
    const followUpsOf = async (user: TestUser, noteId: string) =>
      (await bell(user)).notifications.filter((item) => item.kind === 'scouting_follow_up' && item.note_id === noteId);
    const before = (await bell(viewer)).unread_count;
    const body = send(
      pin({ field_id: fieldId, category: 'disease', follow_up: { assignee_id: viewerId, due_date: '2026-12-05' } }),
    );
    // Sent twice (a retry): one note, one notification.
    const note = scoutingNoteResponseSchema.parse((await post(editor, body)).json()).data;
    await post(editor, body);
    expect(await followUpsOf(viewer, note.id)).toEqual([
      expect.objectContaining({
        kind: 'scouting_follow_up',
        farm_id: farmId,
        farm_name: 'Scouting Farm',
        field_name: 'North',
        category: 'disease',
        observed_on: '2026-11-20',
        due_date: '2026-12-05',
        read: false,
      }),
    ]);
    expect((await bell(viewer)).unread_count).toBe(before + 1);
    expect(scoutingNoteLink(farmId, note.id)).toBe(`/farms/${farmId}?note=${note.id}`);
    // An unrelated edit (the words) keeps the follow-up with them: no second notification.
    const edit = await t.request({
      method: 'PUT',
      url: url(scoutingApi.note(note.id)),
      token: owner.token,
      payload: send({ ...note.note, text: 'Spreading to the dam' }),
    });
    expect(edit.statusCode).toBe(201);
    expect(await followUpsOf(viewer, note.id)).toHaveLength(1);
    // Given to the editor now: they are told; the writer of a follow-up to themselves is not.
    await t.request({
      method: 'PUT',
      url: url(scoutingApi.note(note.id)),
      token: owner.token,
      payload: send({ ...note.note, follow_up: { assignee_id: await accountId(editor), due_date: null } }),
    });
    expect(await followUpsOf(editor, note.id)).toHaveLength(1);
    const own = scoutingNoteResponseSchema.parse(
      (await post(owner, send(pin({ follow_up: { assignee_id: await accountId(owner) } })))).json(),
    ).data;
    expect(await followUpsOf(owner, own.id)).toEqual([]);
    // A note without a follow-up tells no one.
    const plain = scoutingNoteResponseSchema.parse((await post(editor, send(pin()))).json()).data;
    for (const user of [owner, editor, viewer]) expect(await followUpsOf(user, plain.id)).toEqual([]);
  });

  it('keeps both edits from two devices and shows the latest by the device clock', async () => {
    const created = scoutingNoteResponseSchema.parse(
      (await post(owner, send(pin(), randomUUID(), '2026-11-20T08:00:00Z'))).json(),
    ).data;
    const edit = (user: TestUser, text: string, at: string, key = randomUUID()) =>
      t.request({
        method: 'PUT',
        url: url(scoutingApi.note(created.id)),
        token: user.token,
        payload: send({ ...created.note, text }, key, at),
      });
    // The phone was offline: its later edit arrives after the tablet's earlier one, and wins.
    const phoneKey = randomUUID();
    expect((await edit(editor, 'From the tablet', '2026-11-20T09:00:00Z')).statusCode).toBe(201);
    expect((await edit(owner, 'From the phone', '2026-11-20T10:00:00Z', phoneKey)).statusCode).toBe(201);
    // An edit made earlier but sent last does not hide the later one.
    const late = await edit(editor, 'Written before both', '2026-11-20T08:30:00Z');
    expect(scoutingNoteResponseSchema.parse(late.json()).data.note.text).toBe('From the phone');
    // The phone's send retried: nothing changes.
    const retried = await edit(owner, 'From the phone', '2026-11-20T10:00:00Z', phoneKey);
    expect(retried.statusCode).toBe(200);
    const shown = scoutingNoteResponseSchema.parse(retried.json()).data;
    expect(shown.revisions).toBe(4);
    // Same clock on two devices: the one that arrived last is shown.
    await edit(editor, 'Same minute, second', '2026-11-20T10:00:00Z');
    const history = scoutingNoteHistorySchema.parse(
      (await t.request({ method: 'GET', url: url(scoutingApi.history(created.id)), token: viewer.token })).json(),
    ).data;
    expect(history.map((revision) => revision.note.text)).toEqual([
      'Same minute, second',
      'From the phone',
      'From the tablet',
      'Written before both',
      'Wild radish along the fence line',
    ]);
    const viewerSees = scoutingNoteResponseSchema.parse(
      (await t.request({ method: 'GET', url: url(scoutingApi.note(created.id)), token: viewer.token })).json(),
    ).data;
    expect(viewerSees.note.text).toBe('Same minute, second');
    // A revision key used for another note is refused.
    const other = scoutingNoteResponseSchema.parse((await post(owner, send(pin()))).json()).data;
    const crossed = await t.request({
      method: 'PUT',
      url: url(scoutingApi.note(other.id)),
      token: owner.token,
      payload: send(pin(), phoneKey),
    });
    expect(crossed.statusCode).toBe(409);
  });

  it('filters by field, category and days seen', async () => {
    const filterFarm = (await createFarm(t, owner, 'Filters')).id;
    const [north, south] = (
      await addFields(
        t,
        owner,
        filterFarm,
        fieldFeature('N', square()),
        fieldFeature('S', square(WAGGA.lon, WAGGA.lat - 0.02)),
      )
    ).features.map((feature) => feature.id as string);
    const add = async (note: ScoutingNoteContentInput) => {
      const response = await post(owner, send(note), filterFarm);
      expect(response.statusCode).toBe(201);
      return scoutingNoteResponseSchema.parse(response.json()).data.id;
    };
    const a = await add(pin({ field_id: north, category: 'weeds', observed_on: '2026-10-01' }));
    const b = await add(pin({ field_id: south, category: 'disease', observed_on: '2026-10-15' }));
    const c = await add(
      pin({
        field_id: north,
        category: 'waterlogging',
        observed_on: '2026-11-01',
        location_source: 'drawn',
        accuracy_m: null,
        geometry: square(WAGGA.lon, WAGGA.lat, 0.001),
      }),
    );
    const ids = async (query: string) => {
      const response = await t.request({
        method: 'GET',
        url: `${url(scoutingApi.notes(filterFarm))}${query}`,
        token: owner.token,
      });
      expect(response.statusCode).toBe(200);
      return scoutingNotesResponseSchema.parse(response.json()).data.map((note) => note.id);
    };
    expect(await ids('')).toEqual([c, b, a]);
    expect(await ids(`?field_id=${north}`)).toEqual([c, a]);
    expect(await ids('?category=weeds,disease')).toEqual([b, a]);
    expect(await ids('?from=2026-10-02&to=2026-11-01')).toEqual([c, b]);
    const bad = await t.request({
      method: 'GET',
      url: `${url(scoutingApi.notes(filterFarm))}?from=2026-13-01`,
      token: owner.token,
    });
    expect(bad.statusCode).toBe(422);
    expect(await list(owner, `?field_id=${otherFieldId}`)).toEqual([]);
  });

  it('exports the notes of a range of days as CSV and KML for members only', async () => {
    const reportFarm = (await createFarm(t, owner, 'Report Farm')).id;
    for (const observed_on of ['2026-09-01', '2026-09-10', '2026-09-20']) {
      expect((await post(owner, send(pin({ observed_on })), reportFarm)).statusCode).toBe(201);
    }
    const csv = await t.request({
      method: 'GET',
      url: `${url(scoutingApi.report(reportFarm, 'csv'))}?from=2026-09-05&to=2026-09-20`,
      token: owner.token,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="Report_Farm-scouting-2026-09-05-2026-09-20.csv"',
    );
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows.slice(1).map((row) => row.slice(0, 10))).toEqual(['2026-09-20', '2026-09-10']);
    const kml = await t.request({ method: 'GET', url: url(scoutingApi.report(reportFarm, 'kml')), token: owner.token });
    expect(kml.statusCode).toBe(200);
    expect(kml.body.match(/<Placemark>/g)).toHaveLength(3);
    const theirs = await t.request({
      method: 'GET',
      url: url(scoutingApi.report(reportFarm, 'kml')),
      token: stranger.token,
    });
    expect(theirs.statusCode).toBe(404);
  });
});
