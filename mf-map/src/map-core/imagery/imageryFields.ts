import { MAX_IMAGERY_FIELDS, type FieldFeature } from '@paddock/shared/contracts';

/** The fields imagery is shown for, or why there are none. */
export type ImageryFields =
  { kind: 'fields'; ids: string[] } | { kind: 'no-fields' } | { kind: 'select-a-field' } | { kind: 'too-many' };

/**
 * The selected fields; with none selected, every field of the farm when the user may view several
 * at once (Advanced with field:multi_select) or the farm has only one. Otherwise the user picks one.
 */
export function imageryFieldsOf(
  fields: readonly FieldFeature[],
  selected: readonly string[],
  multiSelect: boolean,
): ImageryFields {
  if (fields.length === 0) return { kind: 'no-fields' };
  const ids =
    selected.length > 0 ? [...selected] : multiSelect || fields.length === 1 ? fields.map((field) => field.id) : [];
  if (ids.length === 0) return { kind: 'select-a-field' };
  if (ids.length > MAX_IMAGERY_FIELDS) return { kind: 'too-many' };
  return { kind: 'fields', ids };
}
