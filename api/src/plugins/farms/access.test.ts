import { farmAbilities, type FarmRole } from '@paddock/shared/contracts';
import type { AccountRow } from '../../db/types';
import { HttpError } from '../../errors';
import { addFields, createFarm, fieldFeature, share, signIn, square, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { hasFarmRole, requireFarmRole, requireFarmsRole, requireFieldRole, requireFieldsRole } from './access';

const ROLES: FarmRole[] = ['viewer', 'editor', 'owner'];

describe('farm roles rank as the shared abilities table says', () => {
  it.each(ROLES)('%s', (role) => {
    expect(hasFarmRole(role, 'editor')).toBe(farmAbilities[role].edit);
    expect(hasFarmRole(role, 'owner')).toBe(farmAbilities[role].delete);
    expect(hasFarmRole(role, 'viewer')).toBe(true);
  });
});

describe.each(availableBackends())('farm access module (%s)', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;
  let fieldIds: string[];

  /** The caller's account, as a route passes it (resolved by the hook). */
  const accountOf = async (user: TestUser): Promise<AccountRow> =>
    (await t.app.db
      .selectFrom('accounts')
      .selectAll()
      .where('sub', '=', String(user.claims.sub))
      .executeTakeFirstOrThrow()) as AccountRow;

  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
    return { status: error.statusCode, detail: error.detail };
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    [owner, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t)]);
    farmId = (await createFarm(t, owner, 'Access Farm')).id;
    const fields = await addFields(t, owner, farmId, fieldFeature('North'), fieldFeature('South', square(147.4)));
    fieldIds = fields.features.map((field) => field.id);
    expect((await share(t, owner, [farmId], [viewer.email], 'viewer')).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('gives a member the farm and their role', async () => {
    const access = await requireFarmRole(t.app.db, await accountOf(viewer), farmId, 'viewer');
    expect(access.farm.id).toBe(farmId);
    expect(access.role).toBe('viewer');
    expect((await requireFarmRole(t.app.db, await accountOf(owner), farmId, 'owner')).role).toBe('owner');
  });

  it("answers a non-member 404 with the domain's message, whatever role was asked", async () => {
    const account = await accountOf(stranger);
    expect(await failure(requireFarmRole(t.app.db, account, farmId, 'owner'))).toEqual({
      status: 404,
      detail: 'Farm not found',
    });
    expect(
      await failure(requireFarmRole(t.app.db, account, farmId, 'viewer', { notFound: 'Cart item not found' })),
    ).toEqual({
      status: 404,
      detail: 'Cart item not found',
    });
    expect(await failure(requireFieldRole(t.app.db, account, fieldIds[0] as string, 'viewer'))).toEqual({
      status: 404,
      detail: 'Field not found',
    });
    expect(await failure(requireFarmRole(t.app.db, account, 'not-a-uuid', 'viewer'))).toEqual({
      status: 404,
      detail: 'Farm not found',
    });
  });

  it('answers a member below the role 403 with the message given', async () => {
    const account = await accountOf(viewer);
    expect(await failure(requireFarmRole(t.app.db, account, farmId, 'editor'))).toEqual({
      status: 403,
      detail: "Viewers can't change this farm or its fields",
    });
    expect(
      await failure(requireFieldRole(t.app.db, account, fieldIds[1] as string, 'owner', { forbidden: 'Owners only' })),
    ).toEqual({
      status: 403,
      detail: 'Owners only',
    });
  });

  it('checks several fields or farms at once, in the order asked, and 404s when any one is not visible', async () => {
    const account = await accountOf(viewer);
    const reversed = [...fieldIds].reverse();
    expect((await requireFieldsRole(t.app.db, account, reversed, 'viewer')).map(({ field }) => field.id)).toEqual(
      reversed,
    );
    const ownFarm = (await createFarm(t, stranger, 'Elsewhere')).id;
    const ownField = (await addFields(t, stranger, ownFarm, fieldFeature('Mine'))).features[0]?.id as string;
    expect(await failure(requireFieldsRole(t.app.db, account, [...fieldIds, ownField], 'viewer'))).toEqual({
      status: 404,
      detail: 'Field not found',
    });
    expect(await failure(requireFarmsRole(t.app.db, account, [farmId, ownFarm], 'viewer'))).toEqual({
      status: 404,
      detail: 'Farm not found',
    });
  });
});
