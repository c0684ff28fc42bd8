import { z } from 'zod';
import { areaGeometrySchema } from './geojson';
import { isoDateSchema } from './imagery';
import { SCOUTING_CATEGORIES, SCOUTING_SEVERITIES } from './scouting-labels';

/**
 * Scouting notes (issue 31): what someone saw in a paddock — a pin (from the phone's GPS with its
 * accuracy, or placed on the map) or a drawn area, with a category, a severity, words, photos, the
 * day it was seen and the index value at that point on the imagery date shown. Notes are written
 * offline as often as online, so every write carries a key the device made up (a UUID): the same key
 * twice is one note, one revision or one photo, whatever is retried.
 */

// The zod-free part (categories and severities with their labels, the map link to a note) is in
// scouting-labels.ts and scouting-links.ts, which the shell's menus import without bundling zod;
// re-exported so that importers of this module and of the contracts entry point find it here as before.
export * from './scouting-labels';
export * from './scouting-links';

export const scoutingCategorySchema = z.enum(SCOUTING_CATEGORIES);
export const scoutingSeveritySchema = z.enum(SCOUTING_SEVERITIES);

export const SCOUTING_TEXT_MAX = 4000;
/** A photo is at most this many bytes (the browser resizes before upload, so this is generous). */
export const SCOUTING_PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Photos a note may carry. */
export const SCOUTING_PHOTOS_PER_NOTE = 10;
/** One chunk of a photo upload is at most this many bytes. */
export const SCOUTING_CHUNK_MAX_BYTES = 1024 * 1024;
export const SCOUTING_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export const scoutingPhotoTypeSchema = z.enum(SCOUTING_PHOTO_TYPES);
export type ScoutingPhotoType = z.infer<typeof scoutingPhotoTypeSchema>;

export const PHOTO_TOO_LARGE_MESSAGE = 'This photo is too big to send: keep photos under 15 MB.';
export const PHOTO_TYPE_MESSAGE = 'Only photos can be added to a note (JPEG, PNG, WebP or HEIC).';
export const NOTE_NOT_FOUND = 'Note not found';
export const PHOTO_NOT_FOUND = 'Photo not found';
export const FOLLOW_UP_MEMBER_MESSAGE = 'Follow-ups can only be given to people this farm is shared with.';
export const FIELD_NOT_ON_FARM_MESSAGE = 'That field is not on this farm.';
export const UPLOAD_OFFSET_MESSAGE =
  'This part of the photo does not follow what has arrived; ask for the offset and resume.';
export const IDEMPOTENCY_REUSED_MESSAGE = 'This key was already used for something else; make a new one.';

const uuidSchema = z.uuid({ error: 'Use a UUID made on the device' });

export const pointSchema = z.object({
  type: z.literal('Point'),
  coordinates: z.tuple([
    z
      .number()
      .min(-180, { error: 'Longitude is between -180 and 180' })
      .max(180, { error: 'Longitude is between -180 and 180' }),
    z
      .number()
      .min(-90, { error: 'Latitude is between -90 and 90' })
      .max(90, { error: 'Latitude is between -90 and 90' }),
  ]),
});
export type PointGeometry = z.infer<typeof pointSchema>;

/** Where the note is: a pin or a drawn area. */
export const scoutingGeometrySchema = z.union([pointSchema, areaGeometrySchema]);
export type ScoutingGeometry = z.infer<typeof scoutingGeometrySchema>;

/** How a pin's position was found: the phone's GPS (with its accuracy) or placed by hand on the map. */
export const scoutingLocationSourceSchema = z.enum(['gps', 'placed', 'drawn']);
export type ScoutingLocationSource = z.infer<typeof scoutingLocationSourceSchema>;

/** The index value at the note's point on the imagery date shown when it was written. */
export const scoutingIndexReadingSchema = z.object({
  index: z.string().min(1).max(32),
  date: isoDateSchema,
  value: z.number().finite(),
});
export type ScoutingIndexReading = z.infer<typeof scoutingIndexReadingSchema>;

export const scoutingFollowUpSchema = z.object({
  assignee_id: z.uuid(),
  due_date: isoDateSchema.nullable().default(null),
  done: z.boolean().default(false),
});
export type ScoutingFollowUp = z.infer<typeof scoutingFollowUpSchema>;

/** What a revision of a note says (the whole note, so any revision can be shown on its own). */
export const scoutingNoteContentSchema = z
  .object({
    field_id: z.uuid().nullable().default(null),
    geometry: scoutingGeometrySchema,
    location_source: scoutingLocationSourceSchema,
    /** Metres (GPS pins); null when placed or drawn. */
    accuracy_m: z.number().min(0).max(100_000).nullable().default(null),
    category: scoutingCategorySchema,
    severity: scoutingSeveritySchema,
    text: z.string().max(SCOUTING_TEXT_MAX, { error: 'Keep a note under 4000 characters' }).default(''),
    observed_on: isoDateSchema,
    index_reading: scoutingIndexReadingSchema.nullable().default(null),
    follow_up: scoutingFollowUpSchema.nullable().default(null),
  })
  .refine((note) => note.geometry.type !== 'Point' || note.location_source !== 'drawn', {
    error: 'A drawn note is an area',
    path: ['location_source'],
  });
export type ScoutingNoteContent = z.infer<typeof scoutingNoteContentSchema>;
export type ScoutingNoteContentInput = z.input<typeof scoutingNoteContentSchema>;

/** POST a new note: the device's key and clock with the note. */
export const createScoutingNoteSchema = z.object({
  idempotency_key: uuidSchema,
  /** When the device wrote it (ISO timestamp); decides which of two edits is shown. */
  client_updated_on: z.iso.datetime({ offset: true }),
  note: scoutingNoteContentSchema,
});
export type CreateScoutingNote = z.input<typeof createScoutingNoteSchema>;

/** PUT an edit: a new revision with its own key; the latest by device clock, then arrival, is shown. */
export const reviseScoutingNoteSchema = createScoutingNoteSchema;
export type ReviseScoutingNote = CreateScoutingNote;

export const scoutingPhotoSchema = z.object({
  id: z.uuid(),
  content_type: scoutingPhotoTypeSchema,
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Bytes received so far; equal to `size` once complete. */
  offset: z.number().int(),
  complete: z.boolean(),
});
export type ScoutingPhoto = z.infer<typeof scoutingPhotoSchema>;

export const scoutingRevisionSchema = z.object({
  id: z.uuid(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  client_updated_on: z.string(),
  received_on: z.string(),
  note: scoutingNoteContentSchema,
});
export type ScoutingRevision = z.infer<typeof scoutingRevisionSchema>;

export const scoutingNoteSchema = z.object({
  id: z.uuid(),
  farm_id: z.uuid(),
  author_id: z.uuid().nullable(),
  author_name: z.string().nullable(),
  created_on: z.string(),
  updated_on: z.string(),
  revisions: z.number().int(),
  photos: z.array(scoutingPhotoSchema),
  note: scoutingNoteContentSchema,
});
export type ScoutingNote = z.infer<typeof scoutingNoteSchema>;

export const scoutingNoteResponseSchema = z.object({ data: scoutingNoteSchema });
export const scoutingNoteHistorySchema = z.object({ data: z.array(scoutingRevisionSchema) });
export const scoutingNotesResponseSchema = z.object({ data: z.array(scoutingNoteSchema) });
export type ScoutingNotesResponse = z.infer<typeof scoutingNotesResponseSchema>;

const csvList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : value.split(',')).filter((part) => part !== ''))
    .pipe(z.array(item));

/** Filters of a farm's notes: one field, categories, and a range of days seen (both ends included). */
export const scoutingNotesQuerySchema = z.object({
  field_id: z.uuid().optional(),
  category: csvList(scoutingCategorySchema).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});
export type ScoutingNotesQuery = z.input<typeof scoutingNotesQuerySchema>;

/** Start a photo upload: its size and type up front (refused with 413 / 415 before any byte is sent). */
export const createScoutingPhotoSchema = z.object({
  idempotency_key: uuidSchema,
  content_type: z.string(),
  size: z.number().int().min(1, { error: 'This photo is empty' }),
  width: z.number().int().positive().nullable().default(null),
  height: z.number().int().positive().nullable().default(null),
});
export type CreateScoutingPhoto = z.input<typeof createScoutingPhotoSchema>;
export const scoutingPhotoResponseSchema = z.object({ data: scoutingPhotoSchema });

/** The people of a farm a follow-up can be given to (the owner and members who have signed in). */
export const scoutingPersonSchema = z.object({
  account_id: z.uuid(),
  name: z.string(),
  role: z.enum(['owner', 'editor', 'viewer']),
});
export type ScoutingPerson = z.infer<typeof scoutingPersonSchema>;
export const scoutingPeopleResponseSchema = z.object({ data: z.array(scoutingPersonSchema) });

/** Reports: a farm's notes for a range of days. */
export const scoutingReportQuerySchema = z.object({
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** The API paths of scouting, relative to the versioned root (`…/v2`) the clients are given. */
export const scoutingApi = {
  notes: (farmId: string) => `farms/${farmId}/scouting/notes`,
  note: (noteId: string) => `scouting/notes/${noteId}`,
  history: (noteId: string) => `scouting/notes/${noteId}/history`,
  photos: (noteId: string) => `scouting/notes/${noteId}/photos`,
  photo: (photoId: string) => `scouting/photos/${photoId}`,
  photoContent: (photoId: string) => `scouting/photos/${photoId}/content`,
  followUps: () => 'scouting/follow-ups',
  people: (farmId: string) => `farms/${farmId}/scouting/people`,
  report: (farmId: string, format: 'csv' | 'kml') => `farms/${farmId}/scouting/report.${format}`,
} as const;
