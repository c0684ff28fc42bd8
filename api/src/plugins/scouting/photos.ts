import {
  PHOTO_NOT_FOUND,
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  SCOUTING_PHOTO_MAX_BYTES,
  SCOUTING_PHOTOS_PER_NOTE,
  SCOUTING_PHOTO_TYPES,
  UPLOAD_OFFSET_MESSAGE,
  IDEMPOTENCY_REUSED_MESSAGE,
  createScoutingPhotoSchema,
  type CreateScoutingPhoto,
  type ScoutingPhoto,
  type ScoutingPhotoType,
} from '@paddock/shared/contracts';
import { Readable } from 'node:stream';
import type { Db } from '../../db';
import type { AccountRow } from '../../db/types';
import { conflict, HttpError, notFound } from '../../errors';
import type { ExportStorage, StoredFile } from '../../storage/storage';
import { isUuid } from '../farms/access';
import { requireNoteRole } from './note-access';

/**
 * Photos of scouting notes, uploaded in chunks that resume (tus-like): create the upload with its
 * size and type (413 / 415 before any byte), PATCH chunks at the offset the server has, ask the
 * offset after a dropped connection and go on from there. Chunks are stored through the storage
 * seam as parts (`scouting/uploads/<photo>/<n>`) and joined into `scouting/photos/<photo>` when the
 * last byte arrives. Every step is idempotent: a chunk sent twice is counted once.
 */

export interface PhotoDeps {
  db: Db;
  storage: ExportStorage;
}

export const TOO_MANY_PHOTOS_MESSAGE = `A note holds at most ${SCOUTING_PHOTOS_PER_NOTE} photos.`;
export const PHOTO_INCOMPLETE_MESSAGE = 'This photo has not finished uploading yet.';
export const PHOTO_BIGGER_MESSAGE = 'More of this photo arrived than its upload said it would be.';

const partKey = (photoId: string, part: number) => `scouting/uploads/${photoId}/${String(part).padStart(6, '0')}`;
export const photoKey = (photoId: string) => `scouting/photos/${photoId}`;

const tooLarge = () => new HttpError(413, PHOTO_TOO_LARGE_MESSAGE);
const wrongType = () => new HttpError(415, PHOTO_TYPE_MESSAGE);

const isPhotoType = (value: string): value is ScoutingPhotoType =>
  (SCOUTING_PHOTO_TYPES as readonly string[]).includes(value);

/** The first bytes say the file is the type it claims (a renamed PDF is not a photo). */
export function looksLike(type: ScoutingPhotoType, head: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  switch (type) {
    case 'image/jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'image/png':
      return ascii(0, 8) === '\x89PNG\r\n\x1a\n';
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case 'image/heic':
      return ascii(4, 8) === 'ftyp';
  }
}

type PhotoRow = {
  id: string;
  note_id: string;
  idempotency_key: string;
  content_type: string;
  size: number;
  received: number;
  parts: number;
  width: number | null;
  height: number | null;
  complete: boolean;
};

const photoColumns = [
  'id',
  'note_id',
  'idempotency_key',
  'content_type',
  'size',
  'received',
  'parts',
  'width',
  'height',
  'complete',
] as const;

const toPhoto = (row: PhotoRow): ScoutingPhoto => ({
  id: row.id,
  content_type: row.content_type as ScoutingPhotoType,
  size: row.size,
  width: row.width,
  height: row.height,
  offset: row.received,
  complete: row.complete,
});

/** The photos of several notes, oldest first, by note id. */
export async function photosOfNotes(db: Db, noteIds: readonly string[]): Promise<Map<string, ScoutingPhoto[]>> {
  const byNote = new Map<string, ScoutingPhoto[]>();
  if (noteIds.length === 0) return byNote;
  const rows = await db
    .selectFrom('scouting_photos')
    .select(photoColumns)
    .where('note_id', 'in', [...noteIds])
    .orderBy('created_on')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byNote.get(row.note_id) ?? [];
    list.push(toPhoto(row));
    byNote.set(row.note_id, list);
  }
  return byNote;
}

/** Starts a photo upload on a note (editors); the same key again answers the same upload. */
export async function createPhoto(
  db: Db,
  account: AccountRow,
  input: { noteId: string; body: CreateScoutingPhoto },
): Promise<{ photo: ScoutingPhoto; created: boolean }> {
  await requireNoteRole(db, account, input.noteId, 'editor');
  const body = createScoutingPhotoSchema.parse(input.body);
  const existing = await db
    .selectFrom('scouting_photos')
    .select(photoColumns)
    .where('idempotency_key', '=', body.idempotency_key)
    .executeTakeFirst();
  if (existing) {
    if (existing.note_id !== input.noteId) throw conflict(IDEMPOTENCY_REUSED_MESSAGE);
    return { photo: toPhoto(existing), created: false };
  }
  if (!isPhotoType(body.content_type)) throw wrongType();
  if (body.size > SCOUTING_PHOTO_MAX_BYTES) throw tooLarge();
  const { count } = await db
    .selectFrom('scouting_photos')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('note_id', '=', input.noteId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= SCOUTING_PHOTOS_PER_NOTE) throw new HttpError(409, TOO_MANY_PHOTOS_MESSAGE);
  const inserted = await db
    .insertInto('scouting_photos')
    .values({
      note_id: input.noteId,
      idempotency_key: body.idempotency_key,
      author_id: account.id,
      content_type: body.content_type,
      size: body.size,
      width: body.width,
      height: body.height,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning(photoColumns)
    .executeTakeFirst();
  if (inserted) return { photo: toPhoto(inserted), created: true };
  return createPhoto(db, account, input);
}

async function photoRow(db: Db, photoId: string): Promise<PhotoRow> {
  const row = isUuid(photoId)
    ? await db.selectFrom('scouting_photos').select(photoColumns).where('id', '=', photoId).executeTakeFirst()
    : undefined;
  if (!row) throw notFound(PHOTO_NOT_FOUND);
  return row;
}

/** A photo with the caller's access to its note checked (404 'Photo not found' for a non-member). */
async function requirePhoto(
  db: Db,
  account: AccountRow,
  photoId: string,
  minRole: 'viewer' | 'editor',
): Promise<PhotoRow> {
  const row = await photoRow(db, photoId);
  try {
    await requireNoteRole(db, account, row.note_id, minRole);
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) throw notFound(PHOTO_NOT_FOUND);
    throw error;
  }
  return row;
}

/** Where an upload stands (viewers): resume from `offset`. */
export async function photoStatus(db: Db, account: AccountRow, photoId: string): Promise<ScoutingPhoto> {
  return toPhoto(await requirePhoto(db, account, photoId, 'viewer'));
}

/**
 * Adds the chunk `bytes` at `offset` (editors). A chunk the server already has (a retry after a lost
 * answer) changes nothing; one that would leave a gap or overlap is a 409 carrying the offset to
 * resume from. The last chunk joins the parts into the photo.
 */
export async function appendChunk(
  { db, storage }: PhotoDeps,
  account: AccountRow,
  input: { photoId: string; offset: number; bytes: Uint8Array },
): Promise<ScoutingPhoto> {
  const row = await requirePhoto(db, account, input.photoId, 'editor');
  const end = input.offset + input.bytes.length;
  if (row.complete || (input.offset < row.received && end <= row.received)) {
    return toPhoto(row.received === row.size && !row.complete ? await finish({ db, storage }, row) : row);
  }
  if (input.offset !== row.received) {
    throw new HttpError(409, UPLOAD_OFFSET_MESSAGE, { 'Upload-Offset': String(row.received) });
  }
  if (end > row.size) throw new HttpError(413, PHOTO_BIGGER_MESSAGE);
  if (input.offset === 0 && !looksLike(row.content_type as ScoutingPhotoType, input.bytes)) throw wrongType();
  if (input.bytes.length > 0) {
    await storage.put(partKey(row.id, row.parts), input.bytes, { contentType: 'application/octet-stream' });
    const moved = await db
      .updateTable('scouting_photos')
      .set((eb) => ({ received: eb('received', '+', input.bytes.length), parts: eb('parts', '+', 1) }))
      .where('id', '=', row.id)
      .where('received', '=', input.offset)
      .returning(photoColumns)
      .executeTakeFirst();
    // Another send of this chunk got there first: answer where the upload now stands.
    if (!moved) return toPhoto(await photoRow(db, row.id));
    if (moved.received === moved.size) return toPhoto(await finish({ db, storage }, moved));
    return toPhoto(moved);
  }
  return toPhoto(row.received === row.size ? await finish({ db, storage }, row) : row);
}

/** Joins the parts into the photo, marks it complete and drops the parts (safe to run again). */
async function finish({ db, storage }: PhotoDeps, row: PhotoRow): Promise<PhotoRow> {
  const parts = Array.from({ length: row.parts }, (_, index) => partKey(row.id, index));
  async function* joined() {
    for (const key of parts) {
      const part = await storage.get(key);
      if (!part) throw new Error(`Missing upload part ${key}`);
      for await (const chunk of part.body) yield chunk as Buffer;
    }
  }
  await storage.put(photoKey(row.id), Readable.from(joined()), { contentType: row.content_type });
  const done = await db
    .updateTable('scouting_photos')
    .set({ complete: true })
    .where('id', '=', row.id)
    .returning(photoColumns)
    .executeTakeFirstOrThrow();
  for (const key of parts) await storage.delete(key);
  return done;
}

/** The photo's bytes (viewers), once complete. */
export async function photoContent(
  { db, storage }: PhotoDeps,
  account: AccountRow,
  photoId: string,
): Promise<StoredFile> {
  const row = await requirePhoto(db, account, photoId, 'viewer');
  if (!row.complete) throw new HttpError(409, PHOTO_INCOMPLETE_MESSAGE);
  const file = await storage.get(photoKey(row.id));
  if (!file) throw notFound(PHOTO_NOT_FOUND);
  return file;
}
