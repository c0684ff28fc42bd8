import type { FarmRole } from '@paddock/shared/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import { isUuid } from '../../db/ids';
import type { AccountRow, FarmRow, FieldRow } from '../../db/types';
import { forbidden, notFound } from '../../errors';

/**
 * Farm access for every domain (farms, fields, imagery, cart, zoning, orders, ...): the one place
 * that decides who may see and change a farm and its fields (ARCHITECTURE §4). Someone who is not a
 * member gets 404 with the domain's message, so a farm's or field's existence is never revealed; a
 * member whose role is below the one asked for gets 403. Check membership first, before any other
 * rule (tier, feature flags, body content), so a non-member always sees 404.
 *
 * Every check takes `(db, account, ids, minRole)`, never a request: routes pass the account they
 * resolved (`request.account`), services and jobs the account they were given, work inside a
 * transaction its `trx`.
 */

export type { FarmRole };

export const FARM_NOT_FOUND = 'Farm not found';
export const FIELD_NOT_FOUND = 'Field not found';

/** Each role may do everything the roles below it may (`farmAbilities` in shared/contracts/rules). */
const RANK: Record<FarmRole, number> = { viewer: 0, editor: 1, owner: 2 };

/** What a member below the role asked for is told when the caller gives no message. */
const BELOW: Record<FarmRole, string> = {
  viewer: 'You are not allowed to do this',
  editor: "Viewers can't change this farm or its fields",
  owner: 'Only the owner of this farm can do this',
};

export const hasFarmRole = (role: FarmRole, minRole: FarmRole): boolean => RANK[role] >= RANK[minRole];

/** Throws the 403 unless `role` is at least `minRole`; for rules that depend on the request's content. */
export function requireRole(role: FarmRole, minRole: FarmRole, detail: string = BELOW[minRole]): void {
  if (!hasFarmRole(role, minRole)) throw forbidden(detail);
}

/** The 404 and 403 messages of one domain's check. */
export interface AccessMessages {
  /** 404 for a non-member (and for ids that name nothing); defaults to 'Farm not found' / 'Field not found'. */
  notFound?: string;
  /** 403 for a member below the role asked for. */
  forbidden?: string;
}

// Kept here for the purchase-side plugins that import it from farm access; new code imports db/ids.
export { isUuid };

/** The caller's role on the farm `f` of a query that left-joined their membership as `m`. */
export const roleOf = (accountId: string) =>
  sql<FarmRole>`case when f.owner_id = ${accountId} then 'owner' else m.permission end`;

/**
 * `f.id` is one of the farms the account owns or is an active member of: a semi-join on two indexed
 * look-ups (owner, membership), so the planner never scans other people's farms.
 */
export const isVisibleFarm = (accountId: string) =>
  sql<boolean>`f.id in (select id from farms where owner_id = ${accountId} union all select farm_id from farm_members where account_id = ${accountId})`;

/** Who is asking: only the account's id is read. */
export type Caller = Pick<AccountRow, 'id'>;

export interface FarmAccess {
  farm: FarmRow;
  role: FarmRole;
}

export interface FieldAccess {
  field: FieldRow;
  role: FarmRole;
}

/** The farms (of those asked) the account can see, with its role on each. */
async function visibleFarms(db: Db, accountId: string, farmIds: readonly string[]): Promise<FarmAccess[]> {
  const rows = await db
    .selectFrom('farms as f')
    .leftJoin('farm_members as m', (join) => join.onRef('m.farm_id', '=', 'f.id').on('m.account_id', '=', accountId))
    .selectAll('f')
    .select(roleOf(accountId).as('role'))
    .where('f.id', 'in', [...farmIds])
    .where((eb) => eb.or([eb('f.owner_id', '=', accountId), eb('m.account_id', 'is not', null)]))
    .execute();
  return rows.map(({ role, ...farm }) => ({ farm, role }));
}

/**
 * The farm with the caller's role on it, when the caller is a member with at least `minRole`:
 * 404 (`messages.notFound`, default 'Farm not found') for a non-member, 403 below the role.
 */
export async function requireFarmRole(
  db: Db,
  account: Caller,
  farmId: string,
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FarmAccess> {
  const [access] = await requireFarmsRole(db, account, [farmId], minRole, messages);
  return access as FarmAccess;
}

/**
 * Several farms at once (sharing several farms, a cart over farms): every one must be visible (else
 * 404, whichever it is) and the caller at least `minRole` on every one (else 403). In the order asked,
 * without repeats.
 */
export async function requireFarmsRole(
  db: Db,
  account: Caller,
  farmIds: readonly string[],
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FarmAccess[]> {
  const ids = [...new Set(farmIds)];
  const missing = () => notFound(messages.notFound ?? FARM_NOT_FOUND);
  if (ids.length === 0 || !ids.every(isUuid)) throw missing();
  const found = await visibleFarms(db, account.id, ids);
  if (found.length < ids.length) throw missing();
  for (const { role } of found) requireRole(role, minRole, messages.forbidden);
  const byId = new Map(found.map((access) => [access.farm.id, access]));
  return ids.map((id) => byId.get(id) as FarmAccess);
}

/**
 * The field with the caller's role on its farm, when the caller is a member with at least `minRole`:
 * 404 (`messages.notFound`, default 'Field not found') for a non-member, 403 below the role.
 */
export async function requireFieldRole(
  db: Db,
  account: Caller,
  fieldId: string,
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FieldAccess> {
  const [access] = await requireFieldsRole(db, account, [fieldId], minRole, messages);
  return access as FieldAccess;
}

/**
 * Several fields at once (imagery over a selection, zoning, a cart): the caller must be a member of
 * every field's farm (else 404, whichever field it is) with at least `minRole` (else 403). In the
 * order asked, without repeats.
 */
export async function requireFieldsRole(
  db: Db,
  account: Caller,
  fieldIds: readonly string[],
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FieldAccess[]> {
  const ids = [...new Set(fieldIds)];
  const missing = () => notFound(messages.notFound ?? FIELD_NOT_FOUND);
  if (ids.length === 0 || !ids.every(isUuid)) throw missing();
  const accountId = account.id;
  const rows = await db
    .selectFrom('fields as fl')
    .innerJoin('farms as f', 'f.id', 'fl.farm_id')
    .leftJoin('farm_members as m', (join) => join.onRef('m.farm_id', '=', 'f.id').on('m.account_id', '=', accountId))
    .selectAll('fl')
    .select(roleOf(accountId).as('role'))
    .where('fl.id', 'in', ids)
    .where((eb) => eb.or([eb('f.owner_id', '=', accountId), eb('m.account_id', 'is not', null)]))
    .execute();
  if (rows.length < ids.length) throw missing();
  const found = rows.map(({ role, ...field }) => ({ field, role }));
  for (const { role } of found) requireRole(role, minRole, messages.forbidden);
  const byId = new Map(found.map((access) => [access.field.id, access]));
  return ids.map((id) => byId.get(id) as FieldAccess);
}

/**
 * `requireFarmRole` by account id, for callers that hold only the id (cart's purchase steps). Kept
 * until those call `requireFarmRole(db, account, …)`; the same 404 and 403 answers.
 */
export function requireFarmRoleOf(
  db: Db,
  accountId: string,
  farmId: string,
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FarmAccess> {
  return requireFarmRole(db, { id: accountId }, farmId, minRole, messages);
}

/** `requireFieldsRole` by account id, for callers that hold only the id; the same 404 and 403 answers. */
export function requireFieldsRoleOf(
  db: Db,
  accountId: string,
  fieldIds: readonly string[],
  minRole: FarmRole,
  messages: AccessMessages = {},
): Promise<FieldAccess[]> {
  return requireFieldsRole(db, { id: accountId }, fieldIds, minRole, messages);
}
