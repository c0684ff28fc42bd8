import { z } from 'zod';
import { isoDateSchema } from './imagery';

/**
 * Seasons of a field (issue 29): what was grown (crop, optional variety), when it was sown and
 * harvested (ISO calendar days), notes. At most one season is the field's current one, and its crop
 * is the field's crop type (`field_crop_type`): setting either changes the other.
 */

export const SEASON_NOTES_MAX = 2000;

export const fieldSeasonSchema = z.object({
  id: z.string(),
  field_id: z.string(),
  /** Null only for a season whose crop was cleared through the field's crop type. */
  crop: z.string().nullable(),
  variety: z.string().nullable(),
  sowing_date: isoDateSchema.nullable(),
  harvest_date: isoDateSchema.nullable(),
  notes: z.string().nullable(),
  current: z.boolean(),
});
export type FieldSeason = z.infer<typeof fieldSeasonSchema>;

/** GET v2/fields/{id}/seasons: newest first (the current season first, then by sowing date). */
export const fieldSeasonsResponseSchema = z.object({
  field_id: z.string(),
  seasons: z.array(fieldSeasonSchema),
});
export type FieldSeasonsResponse = z.infer<typeof fieldSeasonsResponseSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Keep it under ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

const seasonFields = {
  crop: z.string().trim().min(1, 'Choose a crop').max(100, 'Keep it under 100 characters'),
  variety: optionalText(100),
  sowing_date: isoDateSchema.nullable().optional(),
  harvest_date: isoDateSchema.nullable().optional(),
  notes: optionalText(SEASON_NOTES_MAX),
  /** Make this the field's current season (the one before stops being current). */
  current: z.boolean().optional(),
};

const HARVEST_BEFORE_SOWING = 'The harvest date must be on or after the sowing date';

const harvestAfterSowing = (value: { sowing_date?: string | null; harvest_date?: string | null }) =>
  !value.sowing_date || !value.harvest_date || value.harvest_date >= value.sowing_date;

/** POST v2/fields/{id}/seasons. A new season is current unless `current: false`. */
export const fieldSeasonCreateSchema = z
  .object(seasonFields)
  .refine(harvestAfterSowing, { message: HARVEST_BEFORE_SOWING, path: ['harvest_date'] });
export type FieldSeasonCreate = z.input<typeof fieldSeasonCreateSchema>;

/** PATCH v2/fields/{id}/seasons/{season_id}: fields left out stay as they are. */
export const fieldSeasonUpdateSchema = z
  .object({
    ...seasonFields,
    crop: seasonFields.crop.optional(),
  })
  .refine(harvestAfterSowing, { message: HARVEST_BEFORE_SOWING, path: ['harvest_date'] });
export type FieldSeasonUpdate = z.input<typeof fieldSeasonUpdateSchema>;
