import {
  farmFeatureSchema,
  fieldCollectionSchema,
  type AreaGeometry,
  type CollaboratorPermission,
  type FarmFeature,
  type FieldCollection,
} from '@paddock/shared/contracts';
import type { JWTPayload } from 'jose';
import { newUser, type TestContext } from './harness';

/** Near Wagga Wagga, NSW. */
export const WAGGA = { lon: 147.36, lat: -35.12 } as const;

/** A lon/lat-aligned square polygon with its south-west corner at (lon, lat), counter-clockwise. */
export function square(lon: number = WAGGA.lon, lat: number = WAGGA.lat, size = 0.01): AreaGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + size, lat],
        [lon + size, lat + size],
        [lon, lat + size],
        [lon, lat],
      ],
    ],
  };
}

export const fieldFeature = (
  field_name: string,
  geometry: unknown = square(),
  properties: Record<string, unknown> = {},
) => ({
  type: 'Feature' as const,
  geometry,
  properties: { field_name, field_crop_type: 'Wheat', ...properties },
});

export const featureCollection = (...features: unknown[]) => ({ type: 'FeatureCollection' as const, features });

/** A signed-in person: their claims, a token, and the account made by a first call. */
export interface TestUser {
  claims: JWTPayload;
  email: string;
  token: string;
}

export async function signIn(t: TestContext, overrides: JWTPayload = {}): Promise<TestUser> {
  const claims = newUser(overrides);
  const token = await t.token(claims);
  const profile = await t.request({ method: 'GET', url: '/v2/accounts/profile', token });
  if (profile.statusCode !== 200) throw new Error(`sign-in failed: ${profile.statusCode} ${profile.body}`);
  return { claims, email: String(claims.email), token };
}

export async function createFarm(t: TestContext, user: TestUser, farm_name = 'Test Farm'): Promise<FarmFeature> {
  const response = await t.request({
    method: 'POST',
    url: '/v2/farms',
    token: user.token,
    payload: { data: { farm_name } },
  });
  if (response.statusCode !== 201) throw new Error(`create farm failed: ${response.statusCode} ${response.body}`);
  return farmFeatureSchema.parse(response.json());
}

export async function addFields(
  t: TestContext,
  user: TestUser,
  farmId: string,
  ...features: unknown[]
): Promise<FieldCollection> {
  const response = await t.request({
    method: 'POST',
    url: `/v2/farms/${farmId}/fields`,
    token: user.token,
    payload: featureCollection(...features),
  });
  if (response.statusCode !== 201) throw new Error(`add fields failed: ${response.statusCode} ${response.body}`);
  return fieldCollectionSchema.parse(response.json());
}

export async function getFarm(t: TestContext, user: TestUser, farmId: string): Promise<FarmFeature> {
  const response = await t.request({ method: 'GET', url: `/v2/farms/${farmId}`, token: user.token });
  if (response.statusCode !== 200) throw new Error(`get farm failed: ${response.statusCode} ${response.body}`);
  return farmFeatureSchema.parse(response.json());
}

export async function share(
  t: TestContext,
  owner: TestUser,
  farmIds: string[],
  emails: string[],
  permission: CollaboratorPermission,
) {
  return t.request({
    method: 'POST',
    url: '/v2/farms/share_farm',
    token: owner.token,
    payload: { data: { farm_ids: farmIds, account_permission: emails.map((email) => ({ email, permission })) } },
  });
}

type Detail = { loc: (string | number)[]; msg: string; type: string }[];
/** The 422 entries of a response (fails the test on another status). */
export function issuesOf(response: { statusCode: number; json: () => unknown; body: string }): Detail {
  if (response.statusCode !== 422) throw new Error(`expected 422, got ${response.statusCode}: ${response.body}`);
  const { detail } = response.json() as { detail: Detail };
  if (!Array.isArray(detail)) throw new Error(`expected a detail list: ${response.body}`);
  return detail;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sets a user's tier and feature flags straight in the database (the admin route needs an admin token). */
export async function setTier(
  t: TestContext,
  user: TestUser,
  tier: 'basic' | 'premium',
  flags: Record<string, boolean> = {},
): Promise<void> {
  await t.app.db
    .updateTable('accounts')
    .set({ tier, feature_flags: JSON.stringify(flags) })
    .where('sub', '=', String((user.claims as JWTPayload).sub))
    .execute();
}

/** The account id of a signed-in test user (made by their first call). */
export async function accountIdOf(t: TestContext, user: TestUser): Promise<string> {
  const row = await t.app.db
    .selectFrom('accounts')
    .select('id')
    .where('sub', '=', String(user.claims.sub))
    .executeTakeFirstOrThrow();
  return row.id;
}
