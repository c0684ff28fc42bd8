import {
  cropTypesResponseSchema,
  farmFeatureSchema,
  farmListResponseSchema,
  farmTotalsResponseSchema,
  fieldCollectionSchema,
  type FarmListQuery,
  type FarmListResponse,
} from '@paddock/shared/contracts';
import { sql } from 'kysely';
import {
  addFields,
  createFarm,
  featureCollection,
  fieldFeature,
  getFarm,
  issuesOf,
  share,
  signIn,
  square,
  WAGGA,
  type TestUser,
} from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

describe.each(availableBackends())('farms on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (
    user: TestUser,
    query: Partial<Record<keyof FarmListQuery, string | number>> = {},
  ): Promise<FarmListResponse> => {
    const response = await t.request({
      method: 'GET',
      url: '/v2/farms',
      token: user.token,
      query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    expect(response.statusCode).toBe(200);
    return farmListResponseSchema.parse(response.json());
  };
  const names = (page: FarmListResponse) => page.features.map((farm) => farm.properties.farm_name);

  describe('create, read, rename, favourite, delete', () => {
    it('creates a farm owned by the caller, with empty totals', async () => {
      const owner = await signIn(t, { email: 'Owner.Person@Example.com' });
      const response = await t.request({
        method: 'POST',
        url: '/v2/farms',
        token: owner.token,
        payload: { data: { farm_name: '  Kurrajong Downs  ' } },
      });
      expect(response.statusCode).toBe(201);
      const farm = farmFeatureSchema.parse(response.json());
      expect(farm).toMatchObject({ type: 'Feature', id: farm.properties.farm_id, geometry: null, bbox: null });
      expect(farm.properties).toMatchObject({
        farm_name: 'Kurrajong Downs',
        is_favorite: false,
        collaborators: [],
        number_of_fields: 0,
        farm_area: 0,
        location: null,
        owner_email: 'Owner.Person@Example.com',
        permission: 'owner',
      });
      expect(await getFarm(t, owner, farm.id)).toEqual(farm);
    });

    it.each([
      [{ data: { farm_name: '   ' } }, 'Farm Name is required!'],
      [{ data: {} }, 'Farm Name is required!'],
      [{ data: { farm_name: 'x'.repeat(101) } }, 'Farm name must be 100 characters or fewer'],
    ])('refuses the name in %j: "%s"', async (payload, msg) => {
      const owner = await signIn(t);
      const issues = issuesOf(await t.request({ method: 'POST', url: '/v2/farms', token: owner.token, payload }));
      expect(issues[0]).toEqual({ loc: ['body', 'data', 'farm_name'], msg, type: expect.any(String) });
      expect((await list(owner)).pages.total_count).toBe(0);
    });

    it('renames (trimmed, 1 to 100 characters) and answers the farm', async () => {
      const owner = await signIn(t);
      const farm = await createFarm(t, owner, 'Old Name');
      const url = `/v2/farms/${farm.id}`;
      const renamed = await t.request({
        method: 'PUT',
        url,
        token: owner.token,
        payload: { data: { farm_name: ' New Name ' } },
      });
      expect(renamed.statusCode).toBe(200);
      expect(farmFeatureSchema.parse(renamed.json()).properties.farm_name).toBe('New Name');
      expect(
        Date.parse(renamed.json<{ properties: { updated_on: string } }>().properties.updated_on),
      ).toBeGreaterThanOrEqual(Date.parse(farm.properties.updated_on));

      expect(
        issuesOf(await t.request({ method: 'PUT', url, token: owner.token, payload: { data: { farm_name: '' } } }))[0]
          ?.msg,
      ).toBe('Farm Name is required!');
      expect(
        issuesOf(
          await t.request({
            method: 'PUT',
            url,
            token: owner.token,
            payload: { data: { farm_name: 'y'.repeat(101) } },
          }),
        )[0]?.msg,
      ).toBe('Farm name must be 100 characters or fewer');
      expect(issuesOf(await t.request({ method: 'PUT', url, token: owner.token, payload: { data: {} } }))[0]?.msg).toBe(
        'Nothing to update',
      );
      expect((await getFarm(t, owner, farm.id)).properties.farm_name).toBe('New Name');
    });

    it('keeps favourites per user', async () => {
      const owner = await signIn(t);
      const editor = await signIn(t);
      const farm = await createFarm(t, owner, 'Shared Favourite');
      expect((await share(t, owner, [farm.id], [editor.email], 'editor')).statusCode).toBe(200);

      const star = async (user: TestUser, on: boolean) => {
        const response = await t.request({
          method: 'PUT',
          url: `/v2/farms/${farm.id}`,
          token: user.token,
          payload: { data: { is_account_farm_favorite: on } },
        });
        expect(response.statusCode).toBe(200);
        return farmFeatureSchema.parse(response.json()).properties.is_favorite;
      };
      expect(await star(editor, true)).toBe(true);
      expect(await star(editor, true)).toBe(true); // again: still one favourite
      expect((await getFarm(t, owner, farm.id)).properties.is_favorite).toBe(false);
      expect((await getFarm(t, editor, farm.id)).properties.is_favorite).toBe(true);
      // Favouriting does not count as a change of the farm.
      expect((await getFarm(t, owner, farm.id)).properties.updated_on).toBe(farm.properties.updated_on);
      expect(await star(editor, false)).toBe(false);
      expect((await getFarm(t, editor, farm.id)).properties.is_favorite).toBe(false);
    });

    it('deletes the farm with its fields, memberships, invitations and favourites', async () => {
      const owner = await signIn(t);
      const viewer = await signIn(t);
      const farm = await createFarm(t, owner, 'Doomed Farm');
      const fields = await addFields(
        t,
        owner,
        farm.id,
        fieldFeature('North'),
        fieldFeature('South', square(WAGGA.lon + 0.02)),
      );
      await share(t, owner, [farm.id], [viewer.email, 'later@example.com'], 'viewer');
      await t.request({
        method: 'PUT',
        url: `/v2/farms/${farm.id}`,
        token: owner.token,
        payload: { data: { is_account_farm_favorite: true } },
      });

      const deleted = await t.request({ method: 'DELETE', url: `/v2/farms/${farm.id}`, token: owner.token });
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');

      for (const user of [owner, viewer]) {
        const again = await t.request({ method: 'GET', url: `/v2/farms/${farm.id}`, token: user.token });
        expect(again.statusCode).toBe(404);
        expect(again.json()).toEqual({ detail: 'Farm not found' });
        for (const field of fields.features) {
          const gone = await t.request({ method: 'GET', url: `/v2/fields/${field.id}`, token: user.token });
          expect(gone.statusCode).toBe(404);
          expect(gone.json()).toEqual({ detail: 'Field not found' });
        }
      }
      const { db } = t.app;
      for (const table of ['fields', 'farm_members', 'farm_favourites'] as const) {
        const left = await db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .where('farm_id', '=', farm.id)
          .executeTakeFirstOrThrow();
        expect(left.n).toBe(0);
      }
    });

    it('answers 404 "Farm not found" for unknown and malformed ids', async () => {
      const user = await signIn(t);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
        const response = await t.request({ method: 'GET', url: `/v2/farms/${id}`, token: user.token });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Farm not found' });
      }
    });

    it('deleting the owner account deletes their farms', async () => {
      const owner = await signIn(t);
      const viewer = await signIn(t);
      const farm = await createFarm(t, owner, 'Goes With Owner');
      await share(t, owner, [farm.id], [viewer.email], 'viewer');
      expect((await t.request({ method: 'DELETE', url: '/v2/accounts/profile', token: owner.token })).statusCode).toBe(
        204,
      );
      expect((await t.request({ method: 'GET', url: `/v2/farms/${farm.id}`, token: viewer.token })).statusCode).toBe(
        404,
      );
    });
  });

  describe('crop types', () => {
    it('lists Australian crops, sorted, with Other last (not taken for a farm id)', async () => {
      const user = await signIn(t);
      const response = await t.request({ method: 'GET', url: '/v2/farms/crop_types/list', token: user.token });
      expect(response.statusCode).toBe(200);
      const { crop_types } = cropTypesResponseSchema.parse(response.json()).data;
      expect(crop_types.length).toBeGreaterThanOrEqual(40);
      expect(crop_types.length).toBeLessThanOrEqual(61);
      expect(crop_types.at(-1)).toBe('Other');
      const rest = crop_types.slice(0, -1);
      expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en')));
      expect(new Set(crop_types).size).toBe(crop_types.length);
      for (const crop of [
        'Wheat',
        'Barley',
        'Canola',
        'Chickpeas',
        'Cotton',
        'Sugarcane',
        'Rice',
        'Wine Grapes',
        'Lucerne',
      ]) {
        expect(crop_types).toContain(crop);
      }
      for (const crop of crop_types) expect(crop).toMatch(/^[A-Z]/);
    });
  });

  describe('list', () => {
    // Seven farms made in this order (so the default order, updated_on desc, is the reverse).
    const specs = [
      { name: 'Alpha Downs', fields: 3, size: 0.01 },
      { name: 'bravo park', fields: 1, size: 0.03 },
      { name: 'Charlie Station', fields: 0, size: 0 },
      { name: 'Delta Plains', fields: 2, size: 0.02 },
      { name: 'Echo Creek Downs', fields: 5, size: 0.004 },
      { name: 'Foxtrot 50%_Share', fields: 1, size: 0.005 },
      { name: 'Golf Hills', fields: 2, size: 0.015 },
    ];
    let owner: TestUser;
    let other: TestUser;
    const ids = new Map<string, string>();

    beforeAll(async () => {
      owner = await signIn(t);
      other = await signIn(t);
      // Someone else's farms never show up in the owner's list.
      await createFarm(t, other, 'Alpha Downs Elsewhere');
      for (const spec of specs) {
        const farm = await createFarm(t, owner, spec.name);
        ids.set(spec.name, farm.id);
        const features = Array.from({ length: spec.fields }, (_, i) =>
          fieldFeature(`P${i}`, square(147 + i * 0.05, -35, spec.size)),
        );
        if (features.length > 0) await addFields(t, owner, farm.id, ...features);
      }
    });

    it('pages with skip/limit, total_pages and total_count, newest change first by default', async () => {
      const first = await list(owner, { limit: 3 });
      expect(first.pages).toEqual({ total_pages: 3, total_count: 7, skip: 0, limit: 3 });
      expect(names(first)).toEqual(['Golf Hills', 'Foxtrot 50%_Share', 'Echo Creek Downs']);
      expect(names(await list(owner, { limit: 3, skip: 3 }))).toEqual([
        'Delta Plains',
        'Charlie Station',
        'bravo park',
      ]);
      const last = await list(owner, { limit: 3, skip: 6 });
      expect(names(last)).toEqual(['Alpha Downs']);
      expect(last.pages).toEqual({ total_pages: 3, total_count: 7, skip: 6, limit: 3 });
      const beyond = await list(owner, { limit: 3, skip: 30 });
      expect(beyond.features).toEqual([]);
      expect(beyond.pages.total_count).toBe(7);
      // Defaults: skip 0, limit 10, updated_on desc.
      const all = await list(owner);
      expect(all.pages).toEqual({ total_pages: 1, total_count: 7, skip: 0, limit: 10 });
      expect(names(all)).toEqual([...specs].reverse().map((spec) => spec.name));
      for (const farm of all.features) {
        expect(farm.properties.permission).toBe('owner');
        expect(farm.properties.owner_email).toBe(owner.email);
      }
    });

    const expectedOrder = (sortBy: string, dir: 'asc' | 'desc', farms: FarmListResponse['features']) => {
      const key = (farm: FarmListResponse['features'][number]) =>
        sortBy === 'farm_name'
          ? farm.properties.farm_name.toLowerCase()
          : sortBy === 'number_of_fields'
            ? farm.properties.number_of_fields
            : farm.properties.farm_area;
      const sorted = [...farms].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        const primary = ka < kb ? -1 : ka > kb ? 1 : 0;
        return primary !== 0 ? primary : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      });
      return (dir === 'asc' ? sorted : sorted.reverse()).map((farm) => farm.properties.farm_name);
    };

    it.each([
      ['farm_name', 'asc'],
      ['farm_name', 'desc'],
      ['number_of_fields', 'asc'],
      ['number_of_fields', 'desc'],
      ['farm_area', 'asc'],
      ['farm_area', 'desc'],
    ] as const)('sorts by %s %s (ties by id)', async (sort_by, sort_dir) => {
      const all = await list(owner, { sort_by, sort_dir, limit: 100 });
      expect(all.features).toHaveLength(7);
      expect(names(all)).toEqual(expectedOrder(sort_by, sort_dir, all.features));
      // Pages of 2 put together give the same order.
      const paged: string[] = [];
      for (let skip = 0; skip < 7; skip += 2)
        paged.push(...names(await list(owner, { sort_by, sort_dir, limit: 2, skip })));
      expect(paged).toEqual(names(all));
    });

    it('sorts by updated_on both ways', async () => {
      const newestFirst = names(await list(owner, { sort_by: 'updated_on', sort_dir: 'desc' }));
      expect(newestFirst).toEqual([...specs].reverse().map((spec) => spec.name));
      expect(names(await list(owner, { sort_by: 'updated_on', sort_dir: 'asc' }))).toEqual([...newestFirst].reverse());
    });

    it('has the names asked for in farm_name order', async () => {
      expect(names(await list(owner, { sort_by: 'farm_name', sort_dir: 'asc' }))).toEqual([
        'Alpha Downs',
        'bravo park',
        'Charlie Station',
        'Delta Plains',
        'Echo Creek Downs',
        'Foxtrot 50%_Share',
        'Golf Hills',
      ]);
    });

    it('searches farm names case-insensitively, as a substring, with % and _ taken literally', async () => {
      const downs = await list(owner, { search_query: 'DOWNS', sort_by: 'farm_name', sort_dir: 'asc' });
      expect(names(downs)).toEqual(['Alpha Downs', 'Echo Creek Downs']);
      expect(downs.pages.total_count).toBe(2);
      expect(names(await list(owner, { search_query: 'rAvO' }))).toEqual(['bravo park']);
      expect(names(await list(owner, { search_query: '%_' }))).toEqual(['Foxtrot 50%_Share']);
      expect(names(await list(owner, { search_query: '_' }))).toEqual(['Foxtrot 50%_Share']);
      const none = await list(owner, { search_query: 'zzz' });
      expect(none.features).toEqual([]);
      expect(none.pages).toMatchObject({ total_pages: 0, total_count: 0 });
    });

    it('filters by the caller’s own favourites', async () => {
      const viewer = await signIn(t);
      const alpha = ids.get('Alpha Downs') as string;
      const delta = ids.get('Delta Plains') as string;
      const golf = ids.get('Golf Hills') as string;
      const editor = await signIn(t);
      expect((await share(t, owner, [alpha, delta, golf], [editor.email], 'editor')).statusCode).toBe(200);
      expect((await share(t, owner, [alpha], [viewer.email], 'viewer')).statusCode).toBe(200);
      for (const id of [alpha, delta]) {
        await t.request({
          method: 'PUT',
          url: `/v2/farms/${id}`,
          token: owner.token,
          payload: { data: { is_account_farm_favorite: true } },
        });
      }
      await t.request({
        method: 'PUT',
        url: `/v2/farms/${golf}`,
        token: editor.token,
        payload: { data: { is_account_farm_favorite: true } },
      });

      const mine = await list(owner, { is_favorite: 'true', sort_by: 'farm_name', sort_dir: 'asc' });
      expect(names(mine)).toEqual(['Alpha Downs', 'Delta Plains']);
      expect(mine.pages.total_count).toBe(2);
      for (const farm of mine.features) expect(farm.properties.is_favorite).toBe(true);
      expect(names(await list(owner, { is_favorite: 'true', search_query: 'delta' }))).toEqual(['Delta Plains']);
      expect((await list(owner, { is_favorite: 'false' })).pages.total_count).toBe(7);

      const theirs = await list(editor, { is_favorite: 'true' });
      expect(names(theirs)).toEqual(['Golf Hills']);
      const editorAll = await list(editor, { sort_by: 'farm_name', sort_dir: 'asc' });
      expect(names(editorAll)).toEqual(['Alpha Downs', 'Delta Plains', 'Golf Hills']);
      expect(
        editorAll.features.map((farm) => [
          farm.properties.permission,
          farm.properties.is_favorite,
          farm.properties.owner_email,
        ]),
      ).toEqual([
        ['editor', false, owner.email],
        ['editor', false, owner.email],
        ['editor', true, owner.email],
      ]);
      // Collaborators (with pending invitations) come with each farm of the page.
      await share(t, owner, [alpha], ['pending.person@example.com'], 'viewer');
      const alphaFarm = (await list(viewer)).features.find((farm) => farm.id === alpha);
      expect(alphaFarm?.properties.permission).toBe('viewer');
      expect(alphaFarm?.properties.collaborators).toEqual([
        { email: editor.email, permission: 'editor', name: null, status: 'active' },
        { email: viewer.email, permission: 'viewer', name: null, status: 'active' },
        { email: 'pending.person@example.com', permission: 'viewer', name: null, status: 'pending' },
      ]);
    });

    it('answers every page of every sort, search and favourite filter as the farms read one by one say, owned and shared mixed', async () => {
      // A member whose list mixes farms they own with farms shared with them (as editor and viewer),
      // favourites of theirs and of someone else: each page must be the slice of the whole list
      // ordered from each farm's own read (GET /v2/farms/:id), and the total the number that match.
      const member = await signIn(t);
      const mine = ['Creek Run', 'Hill End', 'Creek Side Downs', 'Plains View'];
      const memberFarms: string[] = [];
      for (const [i, name] of mine.entries()) {
        const farm = await createFarm(t, member, name);
        memberFarms.push(farm.id);
        if (i % 2 === 0)
          await addFields(t, member, farm.id, fieldFeature(`M${i}`, square(146 + i * 0.05, -34, 0.002 * (i + 1))));
      }
      const sharedIds = ['Alpha Downs', 'Echo Creek Downs', 'Golf Hills'].map((name) => ids.get(name) as string);
      expect((await share(t, owner, sharedIds.slice(0, 2), [member.email], 'editor')).statusCode).toBe(200);
      expect((await share(t, owner, sharedIds.slice(2), [member.email], 'viewer')).statusCode).toBe(200);
      for (const id of [memberFarms[1], sharedIds[1]]) {
        const response = await t.request({
          method: 'PUT',
          url: `/v2/farms/${id}`,
          token: member.token,
          payload: { data: { is_account_farm_favorite: true } },
        });
        expect(response.statusCode).toBe(200);
      }
      const visible = await Promise.all([...memberFarms, ...sharedIds].map((id) => getFarm(t, member, id)));

      const key = (farm: FarmListResponse['features'][number], sortBy: string): string | number =>
        sortBy === 'farm_name'
          ? farm.properties.farm_name.toLowerCase()
          : sortBy === 'number_of_fields'
            ? farm.properties.number_of_fields
            : sortBy === 'farm_area'
              ? farm.properties.farm_area
              : farm.properties.updated_on;
      for (const sort_by of ['updated_on', 'farm_name', 'number_of_fields', 'farm_area'] as const) {
        for (const sort_dir of ['asc', 'desc'] as const) {
          for (const filter of [{}, { search_query: 'creek' }, { search_query: 'DOWNS' }, { is_favorite: 'true' }]) {
            const matching = visible.filter(
              (farm) =>
                (!('search_query' in filter) ||
                  farm.properties.farm_name.toLowerCase().includes((filter.search_query ?? '').toLowerCase())) &&
                (!('is_favorite' in filter) || farm.properties.is_favorite),
            );
            const ordered = [...matching].sort((a, b) => {
              const [ka, kb] = [key(a, sort_by), key(b, sort_by)];
              const primary = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
              return sort_dir === 'asc' ? primary : -primary;
            });
            for (const [skip, limit] of [
              [0, 3],
              [3, 3],
              [6, 3],
              [0, 100],
            ] as const) {
              const page = await list(member, { sort_by, sort_dir, skip, limit, ...filter });
              expect({ sort_by, sort_dir, filter, skip, features: page.features }).toEqual({
                sort_by,
                sort_dir,
                filter,
                skip,
                features: ordered.slice(skip, skip + limit),
              });
              expect(page.pages).toEqual({
                total_pages: Math.ceil(matching.length / limit),
                total_count: matching.length,
                skip,
                limit,
              });
            }
          }
        }
      }
    });

    it('refuses bad queries with 422', async () => {
      const bad: Record<string, string>[] = [
        { limit: '0' },
        { limit: '101' },
        { skip: '-1' },
        { sort_by: 'owner' },
        { sort_dir: 'up' },
        { is_favorite: 'yes' },
      ];
      for (const query of bad) {
        const response = await t.request({ method: 'GET', url: '/v2/farms', token: owner.token, query });
        const issues = issuesOf(response);
        expect(issues[0]?.loc[0]).toBe('query');
      }
    });
  });

  describe('GET /v2/farms/totals', () => {
    const totalsOf = async (user: TestUser) => {
      const response = await t.request({ method: 'GET', url: '/v2/farms/totals', token: user.token });
      expect(response.statusCode).toBe(200);
      return farmTotalsResponseSchema.parse(response.json()).data;
    };

    it('sums the farms the caller can see (owned and shared with them), their fields and hectares, in one call', async () => {
      const owner = await signIn(t);
      const neighbour = await signIn(t);
      const stranger = await signIn(t);
      const home = await createFarm(t, owner, 'Home Block');
      await addFields(t, owner, home.id, fieldFeature('North'), fieldFeature('South', square(WAGGA.lon + 0.02)));
      const river = await createFarm(t, owner, 'River Flats');
      await addFields(t, owner, river.id, fieldFeature('Creek', square(WAGGA.lon + 0.04, WAGGA.lat, 0.02)));
      await createFarm(t, owner, 'Empty Block');
      const shared = await createFarm(t, neighbour, 'Shared Run');
      await addFields(t, neighbour, shared.id, fieldFeature('Hill', square(WAGGA.lon - 0.03)));
      expect((await share(t, neighbour, [shared.id], [owner.email], 'viewer')).statusCode).toBeLessThan(300);
      const hidden = await createFarm(t, stranger, 'Not Yours');
      await addFields(t, stranger, hidden.id, fieldFeature('Far', square(WAGGA.lon + 0.1)));

      const areas = await Promise.all(
        [home, river, shared].map(async (farm) => (await getFarm(t, owner, farm.id)).properties.farm_area),
      );
      const ownerTotals = await totalsOf(owner);
      expect(ownerTotals).toMatchObject({ farms: 4, fields: 4 });
      expect(ownerTotals.hectares).toBeCloseTo(
        areas.reduce((sum, area) => sum + area, 0),
        3,
      );
      expect(ownerTotals.hectares).toBeGreaterThan(0);

      const neighbourTotals = await totalsOf(neighbour);
      expect(neighbourTotals).toEqual({ farms: 1, fields: 1, hectares: areas[2] });
      expect(await totalsOf(await signIn(t))).toEqual({ farms: 0, fields: 0, hectares: 0 });
    });

    it('keeps each farm’s stored totals exact through concurrent field writes, an import and a farm delete', async () => {
      const owner = await signIn(t);
      const [north, south] = [await createFarm(t, owner, 'North Run'), await createFarm(t, owner, 'South Run')];
      const fieldsOf = async (farmId: string) => {
        const response = await t.request({ method: 'GET', url: `/v2/farms/${farmId}/fields`, token: owner.token });
        expect(response.statusCode).toBe(200);
        return fieldCollectionSchema.parse(response.json()).features;
      };
      // The list's number_of_fields and farm_area are what the farm's fields add up to, and the totals
      // what the list adds up to.
      const expectExact = async () => {
        const page = await list(owner, { limit: 100 });
        for (const farm of page.features) {
          const fields = await fieldsOf(farm.id);
          expect([farm.properties.farm_name, farm.properties.number_of_fields]).toEqual([
            farm.properties.farm_name,
            fields.length,
          ]);
          expect(farm.properties.farm_area).toBeCloseTo(
            fields.reduce((sum, field) => sum + field.properties.area, 0),
            3,
          );
        }
        const totals = await totalsOf(owner);
        expect(totals.farms).toBe(page.features.length);
        expect(totals.fields).toBe(page.features.reduce((sum, farm) => sum + farm.properties.number_of_fields, 0));
        expect(totals.hectares).toBeCloseTo(
          page.features.reduce((sum, farm) => sum + farm.properties.farm_area, 0),
          2,
        );
      };

      // An import: many fields in one request, all or nothing.
      const imported = await addFields(
        t,
        owner,
        north.id,
        ...Array.from({ length: 12 }, (_, i) => fieldFeature(`I${i}`, square(WAGGA.lon + i * 0.02, WAGGA.lat, 0.005))),
      );
      await expectExact();
      // Concurrent creates, boundary updates and deletes on both farms.
      const writes = await Promise.all([
        ...[0, 1, 2].map((i) =>
          t.request({
            method: 'POST',
            url: `/v2/farms/${south.id}/fields`,
            token: owner.token,
            payload: featureCollection(fieldFeature(`S${i}`, square(WAGGA.lon - 0.1 - i * 0.02))),
          }),
        ),
        ...imported.features.slice(0, 4).map((field, i) =>
          t.request({
            method: 'PUT',
            url: `/v2/fields/${field.id}`,
            token: owner.token,
            payload: { type: 'Feature', geometry: square(WAGGA.lon + i * 0.02, WAGGA.lat, 0.01) },
          }),
        ),
        ...imported.features
          .slice(8)
          .map((field) => t.request({ method: 'DELETE', url: `/v2/fields/${field.id}`, token: owner.token })),
      ]);
      expect(writes.map((response) => response.statusCode).sort()).toEqual(
        [...Array<number>(3).fill(201), ...Array<number>(4).fill(200), ...Array<number>(4).fill(204)].sort(),
      );
      await expectExact();
      expect((await getFarm(t, owner, north.id)).properties.number_of_fields).toBe(8);
      expect((await getFarm(t, owner, south.id)).properties.number_of_fields).toBe(3);

      expect((await t.request({ method: 'DELETE', url: `/v2/farms/${north.id}`, token: owner.token })).statusCode).toBe(
        204,
      );
      await expectExact();
      expect(await totalsOf(owner)).toMatchObject({ farms: 1, fields: 3 });
    });

    it('needs a signed-in user', async () => {
      expect((await t.request({ method: 'GET', url: '/v2/farms/totals' })).statusCode).toBe(401);
    });
  });

  it('shows the farm and field routes in the OpenAPI description', async () => {
    const response = await t.request({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    const expected: [string, string[]][] = [
      ['/v2/farms', ['get', 'post']],
      ['/v2/farms/crop_types/list', ['get']],
      ['/v2/farms/share_farm', ['post']],
      ['/v2/farms/{farm_id}', ['get', 'put', 'delete']],
      ['/v2/farms/{farm_id}/fields', ['get', 'post']],
      ['/v2/farms/{farm_id}/remove_collaborator/{collaborator_email}', ['post']],
      ['/v2/fields/{id}', ['get', 'put', 'delete']],
    ];
    for (const [path, methods] of expected) {
      expect(Object.keys(paths[path] ?? {}).sort()).toEqual(expect.arrayContaining(methods));
    }
  });
});
