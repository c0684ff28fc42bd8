// Navigation state one area hands another with `goTo(basename, path, state)` (spec 1 §2.1, spec 2
// §2): the writer and the reader use these types, and the reader parses with the function here
// (history state is untyped at runtime: a reload or another version may hand anything).

const recordOf = (state: unknown): Record<string, unknown> =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};

/** /farms: the dashboard's favourites filter, the add menu's Create New Farm. */
export interface FarmsNavState {
  favourites?: boolean;
  createFarm?: boolean;
}

export function readFarmsNavState(state: unknown): Required<FarmsNavState> {
  const record = recordOf(state);
  return { favourites: record.favourites === true, createFarm: record.createFarm === true };
}

/** The same state without one flag, keeping whatever else another area put there. */
export function withoutNavFlag(state: unknown, flag: keyof FarmsNavState): Record<string, unknown> {
  const { [flag]: _dropped, ...rest } = recordOf(state);
  return rest;
}

/**
 * /farms/{id}: start drawing, open one field to view or edit, or run the map's guided tour (the
 * dashboard's tutorial link; it runs even when the user turned the tour off for later visits).
 */
export type FarmMapNavState =
  { draw: true } | { selectedField: string; view: true } | { selectedField: string; edit: true } | { tutorial: true };

/** What the farm map does on arrival, read from its navigation state. */
export type FarmMapArrival =
  | { kind: 'draw' }
  | { kind: 'view'; fieldId: string }
  | { kind: 'edit'; fieldId: string }
  | { kind: 'tutorial' }
  | null;

export function readFarmMapNavState(state: unknown): FarmMapArrival {
  const record = recordOf(state);
  if (record.draw === true) return { kind: 'draw' };
  if (record.tutorial === true) return { kind: 'tutorial' };
  const fieldId = typeof record.selectedField === 'string' && record.selectedField ? record.selectedField : null;
  if (fieldId && record.edit === true) return { kind: 'edit', fieldId };
  if (fieldId && record.view === true) return { kind: 'view', fieldId };
  return null;
}

/** /order (spec 3 §2.7): the top tab to open; orders when absent. */
export interface OrdersNavState {
  tab?: 'orders' | 'zoning' | 'bookings';
}

export function readOrdersNavState(state: unknown): Required<OrdersNavState> {
  const tab = recordOf(state).tab;
  return { tab: tab === 'bookings' || tab === 'zoning' ? tab : 'orders' };
}
