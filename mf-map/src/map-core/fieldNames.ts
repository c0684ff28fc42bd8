/** Spec 1 §5: a new field is called 'Field' followed by the farm's field count plus one. */
export const defaultFieldName = (fieldCount: number): string => `Field ${fieldCount + 1}`;
