import { createStore, type StateCreator, type StoreApi } from 'zustand';
import { createImagerySlice, type ImagerySlice } from './imagerySlice';
import { createManageSlice, type ManageSlice } from './manageSlice';
import { createSelectionSlice, type SelectionSlice } from './selectionSlice';
import { createShellSlice, type ShellSlice } from './shellSlice';
import { createZoningSlice, type ZoningSlice } from './zoningSlice';

export type { ColorScale, MapLayerId } from './imagerySlice';
export { colorStretchOf } from './imagerySlice';
export { DEFAULT_ALGORITHM, phoneWidth } from './reset';
export type { DrawingPhase, DrawingState, ManageStatus } from './manageRules';
export type { SelectionNotice } from './selectionSlice';
export { MANY_FIELDS_WARNING } from './selectionSlice';
export type { MapAccess, MapMode, MeasureMode } from './shellSlice';

/**
 * The map state of spec 1 §3 and spec 2 §3, one slice per concern, UI state only (the farm and its
 * fields are in the query cache). A transition may change other slices' state (entering manage mode
 * drops the imagery of the last visit) through the reset groups of `reset.ts`, the one module the
 * slices share.
 */
export type MapState = ShellSlice & SelectionSlice & ManageSlice & ImagerySlice & ZoningSlice;

/** One slice: its part of the state and actions, with `set` and `get` over the whole map state. */
export type MapSlice<T> = StateCreator<MapState, [], [], T>;

export type MapStore = StoreApi<MapState>;

/** One store per mount, so a remount (or a test, or a second embedded map) never shares state. */
export function createMapStore(): MapStore {
  return createStore<MapState>()((...a) => ({
    ...createShellSlice(...a),
    ...createSelectionSlice(...a),
    ...createManageSlice(...a),
    ...createImagerySlice(...a),
    ...createZoningSlice(...a),
  }));
}
