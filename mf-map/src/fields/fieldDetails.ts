import { fieldNameSchema } from '@paddock/shared/contracts';
import { messages } from '../messages';

export interface DetailsCheck {
  nameError: string | null;
  cropTypeError: string | null;
  /** Save Field is enabled only when both are fine. */
  canSave: boolean;
}

/** The Field Details panel's rules: a name the API accepts (trimmed, 1–100) and a crop type (spec 1 §5). */
export function checkDetails(name: string, cropType: string | null): DetailsCheck {
  const parsed = fieldNameSchema.safeParse(name);
  const nameError = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Field name is required');
  const cropTypeError = cropType ? null : messages.cropTypeRequired;
  return { nameError, cropTypeError, canSave: !nameError && !cropTypeError };
}
