import { ZONING_AREA_LIMIT_HA, type FieldFeature } from '@paddock/shared/contracts';
import type { MapSlice, MapState } from './mapStore';
import { isSelectionLocked } from './reset';

export type SelectionNotice = 'too-many-fields' | 'multi-select-upsell';

/**
 * Spec 1 §4.4 / spec 2 §4: the selected fields and what the selection rules have to say. The actions
 * take the farm's fields (from the query cache) to look up what may be selected.
 */
export interface SelectionSlice {
  selectedFields: string[];
  selectionNotice: SelectionNotice | null;

  /** A click on a field or its checkbox: single select replaces, multi-select toggles. */
  toggleField(fieldId: string, fields: readonly FieldFeature[]): void;
  /** Select All over the given (e.g. searched) fields; Basic users get the upsell instead. */
  selectAll(fieldIds: string[], fields: readonly FieldFeature[]): void;
  /** A selection set from outside (navigation state, an embedding page), within the same rules. */
  setSelection(fieldIds: string[], fields: readonly FieldFeature[]): void;
  clearSelection(): void;
  dismissSelectionNotice(): void;
}

/** Spec 2 §9: more selected fields than this brings up a warning. */
export const MANY_FIELDS_WARNING = 50;

const isMultiSelect = (s: MapState) => s.access.multiSelect && s.mode !== 'manage';

/** Whether a field may join the selection now (spec 1 §4.4: not 800 ha or more in zoning). */
function isSelectable(s: MapState, fieldId: string, fields: readonly FieldFeature[]): boolean {
  const field = fields.find((f) => f.id === fieldId);
  if (!field) return false;
  return !(s.mode === 'zoning' && field.properties.area >= ZONING_AREA_LIMIT_HA);
}

/** The warning comes up when a change carries the selection past the limit, not on every later change. */
const noticeFor = (before: string[], after: string[], current: SelectionNotice | null): SelectionNotice | null =>
  after.length > MANY_FIELDS_WARNING && before.length <= MANY_FIELDS_WARNING ? 'too-many-fields' : current;

const withSelection = (s: MapState, next: string[]): Partial<MapState> => ({
  selectedFields: next,
  selectionNotice: noticeFor(s.selectedFields, next, s.selectionNotice),
});

export const createSelectionSlice: MapSlice<SelectionSlice> = (set) => ({
  selectedFields: [],
  selectionNotice: null,

  toggleField: (fieldId, fields) =>
    set((s) => {
      const selected = s.selectedFields.includes(fieldId);
      if (isSelectionLocked(s) || (!selected && !isSelectable(s, fieldId, fields))) return {};
      if (selected && !isMultiSelect(s)) return withSelection(s, s.selectedFields.length > 1 ? [fieldId] : []);
      if (!isMultiSelect(s)) return withSelection(s, [fieldId]);
      return withSelection(
        s,
        selected ? s.selectedFields.filter((id) => id !== fieldId) : [...s.selectedFields, fieldId],
      );
    }),
  selectAll: (fieldIds, fields) =>
    set((s) => {
      if (isSelectionLocked(s)) return {};
      if (!isMultiSelect(s))
        return s.access.advanced || s.mode === 'manage' ? {} : { selectionNotice: 'multi-select-upsell' };
      return withSelection(s, [
        ...new Set([...s.selectedFields, ...fieldIds.filter((id) => isSelectable(s, id, fields))]),
      ]);
    }),
  setSelection: (fieldIds, fields) =>
    set((s) => {
      if (isSelectionLocked(s)) return {};
      const selectable = fieldIds.filter((id, index) => fieldIds.indexOf(id) === index && isSelectable(s, id, fields));
      return withSelection(s, isMultiSelect(s) ? selectable : selectable.slice(0, 1));
    }),
  clearSelection: () => set((s) => (isSelectionLocked(s) ? {} : { selectedFields: [], selectionNotice: null })),
  dismissSelectionNotice: () => set({ selectionNotice: null }),
});
