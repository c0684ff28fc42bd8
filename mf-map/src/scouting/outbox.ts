import Dexie, { type Table } from 'dexie';
import { ApiError, errorMessage } from '@paddock/shared/api-client';
import type { CreateScoutingNote, ScoutingNoteContentInput, ScoutingPhotoType } from '@paddock/shared/contracts';
import type { ScoutingApi } from '../api/scoutingApi';

/**
 * The scouting outbox (issue 31): every note and photo is written here first, in IndexedDB, so what
 * is made with no signal survives closing the browser; `syncOutbox` sends it when there is signal.
 * Each carries the key the device made for it, so a send that is retried (the answer lost, the tab
 * closed half-way) never makes a second note or photo on the server. Photos go in chunks and resume
 * from the offset the server has.
 */

export type QueueState = 'waiting' | 'failed';

export interface QueuedNote {
  /** The note's idempotency key. */
  key: string;
  farmId: string;
  body: CreateScoutingNote;
  /** The server's id once the note is there (its photos may still be on their way). */
  noteId: string | null;
  state: QueueState;
  error: string | null;
  queuedAt: number;
}

export interface QueuedPhoto {
  /** The photo's idempotency key. */
  key: string;
  noteKey: string;
  bytes: ArrayBuffer;
  contentType: ScoutingPhotoType;
  width: number | null;
  height: number | null;
  photoId: string | null;
  /** Bytes the server has. */
  offset: number;
  state: QueueState;
  error: string | null;
  queuedAt: number;
}

export class ScoutingOutbox extends Dexie {
  notes!: Table<QueuedNote, string>;
  photos!: Table<QueuedPhoto, string>;

  constructor(name = 'paddock-scouting-outbox') {
    super(name);
    this.version(1).stores({ notes: 'key, farmId, queuedAt', photos: 'key, noteKey, queuedAt' });
  }
}

export interface PhotoInput {
  bytes: ArrayBuffer;
  contentType: ScoutingPhotoType;
  width: number | null;
  height: number | null;
}

const uuid = (): string => crypto.randomUUID();

/** Puts a new note and its photos in the outbox, in one transaction; answers the note's key. */
export async function queueNote(
  outbox: ScoutingOutbox,
  farmId: string,
  note: ScoutingNoteContentInput,
  photos: readonly PhotoInput[],
  now: Date = new Date(),
): Promise<string> {
  const key = uuid();
  await outbox.transaction('rw', outbox.notes, outbox.photos, async () => {
    await outbox.notes.add({
      key,
      farmId,
      body: { idempotency_key: key, client_updated_on: now.toISOString(), note },
      noteId: null,
      state: 'waiting',
      error: null,
      queuedAt: now.getTime(),
    });
    await outbox.photos.bulkAdd(
      photos.map((photo, index) => ({
        key: uuid(),
        noteKey: key,
        ...photo,
        photoId: null,
        offset: 0,
        state: 'waiting' as const,
        error: null,
        queuedAt: now.getTime() + index,
      })),
    );
  });
  return key;
}

/** Sends a failed note and its photos again on the next sync. */
export async function retryNote(outbox: ScoutingOutbox, key: string): Promise<void> {
  await outbox.transaction('rw', outbox.notes, outbox.photos, async () => {
    await outbox.notes.update(key, { state: 'waiting', error: null });
    await outbox.photos.where('noteKey').equals(key).modify({ state: 'waiting', error: null });
  });
}

/** Drops a note the server refused (and its photos) from the outbox. */
export async function discardNote(outbox: ScoutingOutbox, key: string): Promise<void> {
  await outbox.transaction('rw', outbox.notes, outbox.photos, async () => {
    await outbox.notes.delete(key);
    await outbox.photos.where('noteKey').equals(key).delete();
  });
}

export interface SyncResult {
  /** Notes now on the server with every photo. */
  sent: number;
  failed: number;
  /** True when sending stopped for want of signal or a valid sign-in; the rest waits. */
  interrupted: boolean;
}

/** No signal (status 0), the API unavailable (5xx) or the session not valid (401): wait, do not fail. */
const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) ||
  error.status === 0 ||
  error.status === 401 ||
  error.status >= 500 ||
  error.status === 429;

class Interrupted extends Error {}

export const CHUNK_BYTES = 256 * 1024;

async function sendPhoto(outbox: ScoutingOutbox, api: ScoutingApi, noteId: string, photo: QueuedPhoto, chunk: number) {
  let photoId = photo.photoId;
  let offset: number;
  if (!photoId) {
    const started = await api.startPhoto(noteId, {
      idempotency_key: photo.key,
      content_type: photo.contentType,
      size: photo.bytes.byteLength,
      width: photo.width,
      height: photo.height,
    });
    photoId = started.id;
    offset = started.offset;
    await outbox.photos.update(photo.key, { photoId, offset });
    if (started.complete) return;
  } else {
    const status = await api.photoStatus(photoId);
    if (status.complete) return;
    offset = status.offset;
  }
  const blob = new Blob([photo.bytes], { type: photo.contentType });
  while (offset < photo.bytes.byteLength) {
    try {
      const answer = await api.sendChunk(photoId, offset, blob.slice(offset, offset + chunk));
      offset = answer.offset;
      if (answer.complete) return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      // The server has a different offset (a chunk whose answer was lost): resume from it.
      const status = await api.photoStatus(photoId);
      if (status.complete) return;
      offset = status.offset;
    }
    await outbox.photos.update(photo.key, { offset });
  }
}

const running = new WeakMap<ScoutingOutbox, Promise<SyncResult>>();

/**
 * Told when a sync run ends. The list of what waits reads the outbox through Dexie's liveQuery,
 * which in the browser missed the run's last deletes (the outbox was empty while the page still
 * said '1 note waiting to send'), so the list reads it again after every run.
 */
const syncEnded = new EventTarget();

export function onSyncEnded(listener: () => void): () => void {
  syncEnded.addEventListener('ended', listener);
  return () => syncEnded.removeEventListener('ended', listener);
}

/**
 * Sends what waits, oldest first; one run at a time per outbox (a second call joins the first).
 * Stops at the first sign of no signal or no valid session; a refusal (4xx) marks that note
 * failed, with the server's words, and goes on with the next.
 */
export function syncOutbox(outbox: ScoutingOutbox, api: ScoutingApi, options: { chunkBytes?: number } = {}) {
  const current = running.get(outbox);
  if (current) return current;
  const run = runSync(outbox, api, options.chunkBytes ?? CHUNK_BYTES).finally(() => {
    running.delete(outbox);
    syncEnded.dispatchEvent(new Event('ended'));
  });
  running.set(outbox, run);
  return run;
}

async function runSync(outbox: ScoutingOutbox, api: ScoutingApi, chunk: number): Promise<SyncResult> {
  const result: SyncResult = { sent: 0, failed: 0, interrupted: false };
  const notes = await outbox.notes
    .orderBy('queuedAt')
    .filter((note) => note.state === 'waiting')
    .toArray();
  try {
    for (const note of notes) {
      try {
        let noteId = note.noteId;
        if (!noteId) {
          noteId = (await api.createNote(note.farmId, note.body)).id;
          await outbox.notes.update(note.key, { noteId });
        }
        const photos = await outbox.photos.where('noteKey').equals(note.key).sortBy('queuedAt');
        for (const photo of photos) {
          await sendPhoto(outbox, api, noteId, photo, chunk);
          await outbox.photos.delete(photo.key);
        }
        await outbox.notes.delete(note.key);
        result.sent += 1;
      } catch (error) {
        if (isTransient(error)) throw new Interrupted();
        await outbox.notes.update(note.key, { state: 'failed', error: errorMessage(error) });
        result.failed += 1;
      }
    }
  } catch (error) {
    if (!(error instanceof Interrupted)) throw error;
    result.interrupted = true;
  }
  return result;
}
