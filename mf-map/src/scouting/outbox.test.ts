/**
 * @jest-environment node
 */
import 'fake-indexeddb/auto';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@paddock/shared/api-client';
import type { CreateScoutingNote, ScoutingNote, ScoutingPhoto } from '@paddock/shared/contracts';
import type { ScoutingApi } from '../api/scoutingApi';
import { discardNote, onSyncEnded, queueNote, retryNote, ScoutingOutbox, syncOutbox } from './outbox';

/** An in-memory scouting server with the API's rules: keys make writes idempotent, chunks follow the offset. */
function fakeServer() {
  const notes = new Map<string, ScoutingNote>();
  const byKey = new Map<string, string>();
  const photos = new Map<string, { photo: ScoutingPhoto; bytes: Uint8Array; noteId: string }>();
  const photoByKey = new Map<string, string>();
  let online = true;
  /** Drops the connection after this many more chunks reach the server (the answer is lost). */
  let dropAfterChunks = Infinity;
  let refuse: string | null = null;
  const offline = () => new ApiError(0, NETWORK_ERROR_MESSAGE);
  const check = () => {
    if (!online) throw offline();
  };
  let counter = 0;
  const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

  const api: ScoutingApi = {
    notes: async (farmId) => [...notes.values()].filter((note) => note.farm_id === farmId),
    createNote: async (farmId, body: CreateScoutingNote) => {
      check();
      if (refuse) throw new ApiError(422, refuse);
      const existing = byKey.get(body.idempotency_key);
      if (existing) return notes.get(existing) as ScoutingNote;
      const noteId = id();
      const note = { id: noteId, farm_id: farmId, photos: [], note: body.note } as unknown as ScoutingNote;
      notes.set(noteId, note);
      byKey.set(body.idempotency_key, noteId);
      return note;
    },
    reviseNote: async () => {
      throw new Error('not used');
    },
    followUps: async () => [],
    people: async () => [],
    startPhoto: async (noteId, body) => {
      check();
      const existing = photoByKey.get(body.idempotency_key);
      if (existing) return photos.get(existing)?.photo as ScoutingPhoto;
      const photoId = id();
      const photo: ScoutingPhoto = {
        id: photoId,
        content_type: body.content_type as ScoutingPhoto['content_type'],
        size: body.size,
        width: body.width ?? null,
        height: body.height ?? null,
        offset: 0,
        complete: false,
      };
      photos.set(photoId, { photo, bytes: new Uint8Array(body.size), noteId });
      photoByKey.set(body.idempotency_key, photoId);
      return photo;
    },
    photoStatus: async (photoId) => {
      check();
      return { ...(photos.get(photoId)?.photo as ScoutingPhoto) };
    },
    sendChunk: async (photoId, offset, blob) => {
      check();
      const entry = photos.get(photoId);
      if (!entry) throw new ApiError(404, 'Photo not found');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      if (offset !== entry.photo.offset) throw new ApiError(409, 'offset');
      entry.bytes.set(bytes, offset);
      entry.photo.offset += bytes.length;
      entry.photo.complete = entry.photo.offset === entry.photo.size;
      dropAfterChunks -= 1;
      if (dropAfterChunks <= 0) {
        online = false;
        throw offline();
      }
      return { ...entry.photo };
    },
    photo: async () => new Blob(),
    report: async () => new Blob(),
  };
  return {
    api,
    notes,
    photos,
    setOnline: (value: boolean) => {
      online = value;
    },
    dropAfter: (chunks: number) => {
      dropAfterChunks = chunks;
    },
    refuseNotes: (message: string | null) => {
      refuse = message;
    },
  };
}

const content = (text: string) => ({
  geometry: { type: 'Point' as const, coordinates: [147.36, -35.12] as [number, number] },
  location_source: 'gps' as const,
  accuracy_m: 5,
  category: 'weeds' as const,
  severity: 'low' as const,
  text,
  observed_on: '2026-11-20',
});

const photoOf = (size: number, fill: number) => {
  const bytes = new Uint8Array(size).fill(fill);
  bytes.set([0xff, 0xd8, 0xff]);
  return { bytes: bytes.buffer, contentType: 'image/jpeg' as const, width: 100, height: 80 };
};

let counter = 0;
const newOutbox = () => new ScoutingOutbox(`test-outbox-${++counter}`);

describe('scouting outbox', () => {
  it('tells the list of what waits when each sync run ends, sent or interrupted, then no more once it stops listening', async () => {
    const server = fakeServer();
    const outbox = newOutbox();
    await queueNote(outbox, 'farm-1', content('one'), []);
    const ended = jest.fn();
    const stop = onSyncEnded(ended);
    server.setOnline(false);
    await syncOutbox(outbox, server.api);
    expect(ended).toHaveBeenCalledTimes(1);
    server.setOnline(true);
    expect(await syncOutbox(outbox, server.api)).toEqual({ sent: 1, failed: 0, interrupted: false });
    expect(ended).toHaveBeenCalledTimes(2);
    stop();
    await syncOutbox(outbox, server.api);
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('keeps notes made offline across a reopen and sends each once, with photos, on signal', async () => {
    const server = fakeServer();
    server.setOnline(false);
    const name = `reopen-${++counter}`;
    const outbox = new ScoutingOutbox(name);
    await queueNote(outbox, 'farm-1', content('first'), [photoOf(600, 1)]);
    await queueNote(outbox, 'farm-1', content('second'), [photoOf(300, 2), photoOf(100, 3)]);
    expect(await syncOutbox(outbox, server.api, { chunkBytes: 256 })).toEqual({
      sent: 0,
      failed: 0,
      interrupted: true,
    });
    outbox.close();

    // The browser was closed; the page opens again and finds signal.
    const reopened = new ScoutingOutbox(name);
    expect(await reopened.notes.count()).toBe(2);
    server.setOnline(true);
    const [a, b] = await Promise.all([
      syncOutbox(reopened, server.api, { chunkBytes: 256 }),
      syncOutbox(reopened, server.api, { chunkBytes: 256 }),
    ]);
    expect(a).toEqual({ sent: 2, failed: 0, interrupted: false });
    expect(b).toBe(a);
    expect([...server.notes.values()].map((note) => note.note.text)).toEqual(['first', 'second']);
    const stored = [...server.photos.values()];
    expect(stored.map((entry) => [entry.photo.size, entry.photo.complete])).toEqual([
      [600, true],
      [300, true],
      [100, true],
    ]);
    expect(stored[0]?.bytes[599]).toBe(1);
    expect(await reopened.notes.count()).toBe(0);
    expect(await reopened.photos.count()).toBe(0);
    // Nothing left: another sync sends nothing.
    expect(await syncOutbox(reopened, server.api)).toEqual({ sent: 0, failed: 0, interrupted: false });
    expect(server.notes.size).toBe(2);
  });

  it('resumes a photo from where the server got to when the connection drops half-way', async () => {
    const server = fakeServer();
    const outbox = newOutbox();
    await queueNote(outbox, 'farm-1', content('dropped'), [photoOf(1000, 7)]);
    server.dropAfter(2);
    expect((await syncOutbox(outbox, server.api, { chunkBytes: 256 })).interrupted).toBe(true);
    const [entry] = [...server.photos.values()];
    expect(entry?.photo.offset).toBe(512);
    const queued = await outbox.photos.toArray();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.photoId).toBe(entry?.photo.id);

    server.setOnline(true);
    server.dropAfter(Infinity);
    expect(await syncOutbox(outbox, server.api, { chunkBytes: 256 })).toEqual({
      sent: 1,
      failed: 0,
      interrupted: false,
    });
    expect(server.notes.size).toBe(1);
    expect(server.photos.size).toBe(1);
    expect(entry?.photo.complete).toBe(true);
    expect(entry?.bytes.every((byte, index) => (index < 3 ? true : byte === 7))).toBe(true);
  });

  it('marks a refused note failed with the reason, and sends it again on retry', async () => {
    const server = fakeServer();
    const outbox = newOutbox();
    const key = await queueNote(outbox, 'farm-1', content('refused'), []);
    const other = await queueNote(outbox, 'farm-1', content('also refused'), []);
    server.refuseNotes('That field is not on this farm.');
    expect(await syncOutbox(outbox, server.api)).toEqual({ sent: 0, failed: 2, interrupted: false });
    expect(await outbox.notes.get(key)).toMatchObject({ state: 'failed', error: 'That field is not on this farm.' });
    // A failed note waits for the user: the next sync leaves it.
    server.refuseNotes(null);
    expect((await syncOutbox(outbox, server.api)).sent).toBe(0);
    await retryNote(outbox, key);
    expect(await syncOutbox(outbox, server.api)).toEqual({ sent: 1, failed: 0, interrupted: false });
    await discardNote(outbox, other);
    expect(await outbox.notes.count()).toBe(0);
    expect(server.notes.size).toBe(1);
  });
});
