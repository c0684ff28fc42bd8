import { farmListResponseSchema } from '@paddock/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import {
  addFields,
  createFarm,
  featureCollection,
  fieldFeature,
  getFarm,
  share,
  signIn,
  square,
  type TestUser,
} from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';

type Role = 'owner' | 'editor' | 'viewer' | 'stranger';
const ROLES: Role[] = ['owner', 'editor', 'viewer', 'stranger'];

/** A farm made afresh for each case: two fields, an editor, a viewer and a pending invitation. */
interface World {
  users: Record<Role, TestUser>;
  farmId: string;
  fieldId: string;
}

interface RouteCase {
  route: string;
  /** Expected status per role (ARCHITECTURE §4: strangers 404, members without the right 403). */
  expected: Record<Role, number>;
  call(t: TestContext, w: World, user: TestUser): Promise<LightMyRequestResponse>;
  /** Checks the farm afterwards: `done` says whether the change must have happened. */
  verify?(t: TestContext, w: World, done: boolean, response: LightMyRequestResponse, role: Role): Promise<void>;
}

const read = { owner: 200, editor: 200, viewer: 200, stranger: 404 };
const edit = (success: number) => ({ owner: success, editor: success, viewer: 403, stranger: 404 });
const ownerOnly = (success: number) => ({ owner: success, editor: 403, viewer: 403, stranger: 404 });

const count = async (
  t: TestContext,
  table: 'fields' | 'farm_favourites' | 'farms',
  where: { column: 'farm_id' | 'id'; value: string },
) => {
  const row = await t.app.db
    .selectFrom(table)
    .select(sql<number>`count(*)::int`.as('n'))
    .where(sql.ref(where.column), '=', where.value)
    .executeTakeFirstOrThrow();
  return row.n;
};

const CASES: RouteCase[] = [
  {
    route: 'GET /v2/farms',
    expected: { owner: 200, editor: 200, viewer: 200, stranger: 200 },
    call: (t, _w, user) => t.request({ method: 'GET', url: '/v2/farms', token: user.token, query: { limit: '100' } }),
    verify: async (_t, w, _done, response, role) => {
      const ids = farmListResponseSchema.parse(response.json()).features.map((farm) => farm.id);
      expect(ids.includes(w.farmId)).toBe(role !== 'stranger');
    },
  },
  {
    route: 'POST /v2/farms',
    expected: { owner: 201, editor: 201, viewer: 201, stranger: 201 },
    call: (t, _w, user) =>
      t.request({ method: 'POST', url: '/v2/farms', token: user.token, payload: { data: { farm_name: 'My Own' } } }),
    verify: async (_t, _w, _done, response) => {
      expect(response.json<{ properties: { permission: string } }>().properties.permission).toBe('owner');
    },
  },
  {
    route: 'GET /v2/farms/crop_types/list',
    expected: { owner: 200, editor: 200, viewer: 200, stranger: 200 },
    call: (t, _w, user) => t.request({ method: 'GET', url: '/v2/farms/crop_types/list', token: user.token }),
  },
  {
    route: 'GET /v2/farms/{farm_id}',
    expected: read,
    call: (t, w, user) => t.request({ method: 'GET', url: `/v2/farms/${w.farmId}`, token: user.token }),
  },
  {
    route: 'PUT /v2/farms/{farm_id} (rename)',
    expected: edit(200),
    call: (t, w, user) =>
      t.request({
        method: 'PUT',
        url: `/v2/farms/${w.farmId}`,
        token: user.token,
        payload: { data: { farm_name: 'Renamed' } },
      }),
    verify: async (t, w, done) => {
      expect((await getFarm(t, w.users.owner, w.farmId)).properties.farm_name).toBe(done ? 'Renamed' : 'Matrix Farm');
    },
  },
  {
    route: 'PUT /v2/farms/{farm_id} (favourite)',
    expected: edit(200),
    call: (t, w, user) =>
      t.request({
        method: 'PUT',
        url: `/v2/farms/${w.farmId}`,
        token: user.token,
        payload: { data: { is_account_farm_favorite: true } },
      }),
    verify: async (t, w, done) => {
      expect(await count(t, 'farm_favourites', { column: 'farm_id', value: w.farmId })).toBe(done ? 1 : 0);
    },
  },
  {
    route: 'DELETE /v2/farms/{farm_id}',
    expected: ownerOnly(204),
    call: (t, w, user) => t.request({ method: 'DELETE', url: `/v2/farms/${w.farmId}`, token: user.token }),
    verify: async (t, w, done) => {
      expect(await count(t, 'farms', { column: 'id', value: w.farmId })).toBe(done ? 0 : 1);
      expect(await count(t, 'fields', { column: 'farm_id', value: w.farmId })).toBe(done ? 0 : 2);
    },
  },
  {
    route: 'GET /v2/farms/{farm_id}/fields',
    expected: read,
    call: (t, w, user) => t.request({ method: 'GET', url: `/v2/farms/${w.farmId}/fields`, token: user.token }),
  },
  {
    route: 'POST /v2/farms/{farm_id}/fields',
    expected: edit(201),
    call: (t, w, user) =>
      t.request({
        method: 'POST',
        url: `/v2/farms/${w.farmId}/fields`,
        token: user.token,
        payload: featureCollection(fieldFeature('Third', square(147.5))),
      }),
    verify: async (t, w, done) => {
      expect((await getFarm(t, w.users.owner, w.farmId)).properties.number_of_fields).toBe(done ? 3 : 2);
    },
  },
  {
    route: 'GET /v2/fields/{id}',
    expected: read,
    call: (t, w, user) => t.request({ method: 'GET', url: `/v2/fields/${w.fieldId}`, token: user.token }),
  },
  {
    route: 'PUT /v2/fields/{id}',
    expected: edit(200),
    call: (t, w, user) =>
      t.request({
        method: 'PUT',
        url: `/v2/fields/${w.fieldId}`,
        token: user.token,
        payload: { type: 'Feature', properties: { field_name: 'Changed' } },
      }),
    verify: async (t, w, done) => {
      const field = await t.request({ method: 'GET', url: `/v2/fields/${w.fieldId}`, token: w.users.owner.token });
      expect(field.json<{ properties: { field_name: string } }>().properties.field_name).toBe(
        done ? 'Changed' : 'First',
      );
    },
  },
  {
    route: 'DELETE /v2/fields/{id}',
    expected: edit(204),
    call: (t, w, user) => t.request({ method: 'DELETE', url: `/v2/fields/${w.fieldId}`, token: user.token }),
    verify: async (t, w, done) => {
      expect(await count(t, 'fields', { column: 'id', value: w.fieldId })).toBe(done ? 0 : 1);
      expect((await getFarm(t, w.users.owner, w.farmId)).properties.number_of_fields).toBe(done ? 1 : 2);
    },
  },
  {
    route: 'POST /v2/farms/share_farm',
    expected: ownerOnly(200),
    call: (t, w, user) => share(t, user, [w.farmId], ['someone.new@example.com'], 'viewer'),
    verify: async (t, w, done) => {
      const emails = (await getFarm(t, w.users.owner, w.farmId)).properties.collaborators.map((c) => c.email);
      expect(emails.includes('someone.new@example.com')).toBe(done);
    },
  },
  {
    route: 'POST /v2/farms/{farm_id}/remove_collaborator/{collaborator_email}',
    expected: ownerOnly(200),
    call: (t, w, user) =>
      t.request({
        method: 'POST',
        url: `/v2/farms/${w.farmId}/remove_collaborator/invited%40example.com`,
        token: user.token,
      }),
    verify: async (t, w, done) => {
      const emails = (await getFarm(t, w.users.owner, w.farmId)).properties.collaborators.map((c) => c.email);
      expect(emails.includes('invited@example.com')).toBe(!done);
    },
  },
];

describe.each(availableBackends())('farm roles on %s', (kind) => {
  let t: TestContext;
  let users: Record<Role, TestUser>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    users = { owner: await signIn(t), editor: await signIn(t), viewer: await signIn(t), stranger: await signIn(t) };
  });
  afterAll(async () => {
    await t?.close();
  });

  async function makeWorld(): Promise<World> {
    const farm = await createFarm(t, users.owner, 'Matrix Farm');
    const fields = await addFields(
      t,
      users.owner,
      farm.id,
      fieldFeature('First', square()),
      fieldFeature('Second', square(147.4)),
    );
    expect((await share(t, users.owner, [farm.id], [users.editor.email], 'editor')).statusCode).toBe(200);
    expect(
      (await share(t, users.owner, [farm.id], [users.viewer.email, 'invited@example.com'], 'viewer')).statusCode,
    ).toBe(200);
    return { users, farmId: farm.id, fieldId: fields.features[0]?.id as string };
  }

  const table = CASES.flatMap((routeCase) =>
    ROLES.map((role) => [routeCase.route, role, routeCase.expected[role], routeCase] as const),
  );

  it.each(table)('%s as %s → %i', async (_route, role, status, routeCase) => {
    const world = await makeWorld();
    const response = await routeCase.call(t, world, users[role]);
    expect(response.statusCode).toBe(status);
    if (status === 404) {
      expect(response.json()).toEqual({
        detail: routeCase.route.includes('/v2/fields/') ? 'Field not found' : 'Farm not found',
      });
    }
    if (status === 403) {
      const { detail } = response.json<{ detail: string }>();
      expect(detail).toMatch(/^(Viewers can't|Only the owner|You can only share farms you own)/);
    }
    if (routeCase.verify) await routeCase.verify(t, world, status < 300, response, role);
  });

  it.each(CASES.map((routeCase) => [routeCase.route, routeCase] as const))(
    '%s without a token → 401',
    async (_route, routeCase) => {
      const world = await makeWorld();
      const anonymous = { ...users.owner, token: '' };
      const response = await routeCase.call(t, world, anonymous);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      // Nothing changed (the routes open to everyone have no farm state to check).
      if (routeCase.verify && routeCase.expected.stranger === 404)
        await routeCase.verify(t, world, false, response, 'stranger');
    },
  );
});
