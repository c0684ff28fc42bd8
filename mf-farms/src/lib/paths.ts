import { navigateTo } from '@paddock/shared/ui';

/** A product path under the area's basename ('/' in the host). */
export function productPath(basename: string, path: string): string {
  const base = basename.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Leaves through the browser history so the host and every other area follow (shared navigateTo). */
export function goTo(basename: string, path: string, state?: unknown): void {
  navigateTo(productPath(basename, path), state);
}

/** Paths of the farm map (mf-map's area) and this area's own pages. */
export const paths = {
  farms: '/farms',
  farmMap: (farmId: string) => `/farms/${encodeURIComponent(farmId)}`,
  farmDetails: (farmId: string) => `/farms/${encodeURIComponent(farmId)}/details`,
};

/** Navigation state the farm map reads (spec 1 §2.1): start drawing, or open one field to view or edit. */
export type FarmMapState =
  { draw: true } | { selectedField: string; view: true } | { selectedField: string; edit: true };

/** Navigation state this area reads on /farms: the dashboard's favourites filter, the host's add menu. */
export interface FarmsNavState {
  favourites: boolean;
  createFarm: boolean;
}

export function readFarmsNavState(state: unknown): FarmsNavState {
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  return { favourites: record.favourites === true, createFarm: record.createFarm === true };
}

/** The same state without one flag, keeping whatever else another area put there. */
export function withoutNavFlag(state: unknown, flag: keyof FarmsNavState): Record<string, unknown> {
  if (typeof state !== 'object' || state === null) return {};
  const { [flag]: _dropped, ...rest } = state as Record<string, unknown>;
  return rest;
}
