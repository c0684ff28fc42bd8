import { z } from 'zod';
import type { FieldRule } from './fields';

/** react-final-form hands an emptied box over as undefined; the rules see what the user sees: ''. */
const asTyped = (value: unknown) => (value === undefined ? '' : value);

/**
 * A field rule from a contract's zod schema: the schema's first message, so the form says exactly
 * what the API would refuse (e.g. `validate={ruleOf(farmNameSchema)}` → 'Farm Name is required!').
 */
export function ruleOf<V>(schema: z.ZodType): FieldRule<V> {
  return (value) => {
    const result = schema.safeParse(asTyped(value));
    return result.success ? undefined : (result.error.issues[0]?.message ?? 'Invalid value');
  };
}

/**
 * A whole-form `validate` from a zod object schema: each field's first message under its name (for
 * forms whose rules span fields). Values are checked as typed; transform on submit.
 */
export function validateWith<V extends object>(schema: z.ZodType): (values: V) => Partial<Record<keyof V, string>> {
  return (values) => {
    const typed = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, asTyped(value)]));
    for (const key of Object.keys(schema instanceof z.ZodObject ? schema.shape : {}))
      if (!(key in typed)) typed[key] = '';
    const result = schema.safeParse(typed);
    if (result.success) return {};
    const errors: Partial<Record<keyof V, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof V | undefined;
      if (key !== undefined && errors[key] === undefined) errors[key] = issue.message;
    }
    return errors;
  };
}
