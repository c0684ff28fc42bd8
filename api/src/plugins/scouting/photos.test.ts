import {
  PHOTO_TOO_LARGE_MESSAGE,
  PHOTO_TYPE_MESSAGE,
  SCOUTING_PHOTO_MAX_BYTES,
  scoutingApi,
  scoutingNoteResponseSchema,
  scoutingPhotoResponseSchema,
  UPLOAD_OFFSET_MESSAGE,
} from '@paddock/shared/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { createFarm, share, signIn, WAGGA, type TestUser } from '../../test/farms';
import { availableBackends, startTestApp, type TestContext } from '../../test/harness';
import { photoKey } from './photos';

const url = (path: string) => `/v2/${path}`;
const CHUNK = 'application/offset+octet-stream';

/** A fake JPEG of `size` bytes: the JPEG signature, then random bytes. */
function jpeg(size: number): Buffer {
  const bytes = randomBytes(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return bytes;
}

describe.each(availableBackends())('scouting photos (%s)', (kind) => {
  let t: TestContext;
  let owner: TestUser;
  let viewer: TestUser;
  let stranger: TestUser;
  let farmId: string;

  const newNote = async () => {
    const response = await t.request({
      method: 'POST',
      url: url(scoutingApi.notes(farmId)),
      token: owner.token,
      payload: {
        idempotency_key: randomUUID(),
        client_updated_on: new Date().toISOString(),
        note: {
          geometry: { type: 'Point', coordinates: [WAGGA.lon, WAGGA.lat] },
          location_source: 'placed',
          category: 'disease',
          severity: 'high',
          text: 'Stripe rust',
          observed_on: '2026-11-21',
        },
      },
    });
    expect(response.statusCode).toBe(201);
    return scoutingNoteResponseSchema.parse(response.json()).data.id;
  };
  const startUpload = (user: TestUser, noteId: string, body: object) =>
    t.request({ method: 'POST', url: url(scoutingApi.photos(noteId)), token: user.token, payload: body });
  const patch = (user: TestUser, photoId: string, offset: number, bytes: Buffer) =>
    t.request({
      method: 'PATCH',
      url: url(scoutingApi.photo(photoId)),
      token: user.token,
      headers: { 'content-type': CHUNK, 'upload-offset': String(offset) },
      payload: bytes,
    });

  beforeAll(async () => {
    t = await startTestApp(kind);
    [owner, viewer, stranger] = await Promise.all([signIn(t), signIn(t), signIn(t)]);
    farmId = (await createFarm(t, owner, 'Photo Farm')).id;
    expect((await share(t, owner, [farmId], [viewer.email], 'viewer')).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('uploads in chunks, resumes after a dropped chunk, counts a repeated chunk once', async () => {
    const noteId = await newNote();
    const photo = jpeg(2_500_000);
    const key = randomUUID();
    const started = await startUpload(owner, noteId, {
      idempotency_key: key,
      content_type: 'image/jpeg',
      size: photo.length,
    });
    expect(started.statusCode).toBe(201);
    const { id } = scoutingPhotoResponseSchema.parse(started.json()).data;
    // The same start again (the answer was lost): the same upload.
    const restarted = await startUpload(owner, noteId, {
      idempotency_key: key,
      content_type: 'image/jpeg',
      size: photo.length,
    });
    expect(restarted.statusCode).toBe(200);
    expect(scoutingPhotoResponseSchema.parse(restarted.json()).data.id).toBe(id);

    const mib = 1024 * 1024;
    expect((await patch(owner, id, 0, photo.subarray(0, mib))).statusCode).toBe(200);
    // The answer to the first chunk was lost: it is sent again and counted once.
    const repeated = await patch(owner, id, 0, photo.subarray(0, mib));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['upload-offset']).toBe(String(mib));
    // A chunk that skips ahead is refused with the offset to resume from.
    const gap = await patch(owner, id, 2 * mib, photo.subarray(2 * mib));
    expect(gap.statusCode).toBe(409);
    expect(gap.headers['upload-offset']).toBe(String(mib));
    expect(gap.json()).toEqual({ detail: UPLOAD_OFFSET_MESSAGE });
    // The device asks where the upload stands, then resumes.
    const status = await t.request({ method: 'GET', url: url(scoutingApi.photo(id)), token: owner.token });
    expect(scoutingPhotoResponseSchema.parse(status.json()).data).toMatchObject({ offset: mib, complete: false });
    const notYet = await t.request({ method: 'GET', url: url(scoutingApi.photoContent(id)), token: viewer.token });
    expect(notYet.statusCode).toBe(409);
    expect((await patch(owner, id, mib, photo.subarray(mib, 2 * mib))).statusCode).toBe(200);
    const last = await patch(owner, id, 2 * mib, photo.subarray(2 * mib));
    expect(scoutingPhotoResponseSchema.parse(last.json()).data).toMatchObject({ offset: photo.length, complete: true });
    // The last chunk again: still one complete photo.
    expect((await patch(owner, id, 2 * mib, photo.subarray(2 * mib))).statusCode).toBe(200);

    const content = await t.request({ method: 'GET', url: url(scoutingApi.photoContent(id)), token: viewer.token });
    expect(content.statusCode).toBe(200);
    expect(content.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(content.rawPayload, photo)).toBe(0);
    const note = scoutingNoteResponseSchema.parse(
      (await t.request({ method: 'GET', url: url(scoutingApi.note(noteId)), token: viewer.token })).json(),
    ).data;
    expect(note.photos).toEqual([expect.objectContaining({ id, complete: true, size: photo.length })]);
    // No parts are left behind in storage.
    const stored = await t.app.storage.get(photoKey(id));
    stored?.body.destroy();
    expect(stored?.size).toBe(photo.length);
    expect(await t.app.storage.get(`scouting/uploads/${id}/000000`)).toBeNull();
  });

  it('refuses photos that are too big or not photos, in the product’s words', async () => {
    const noteId = await newNote();
    const big = await startUpload(owner, noteId, {
      idempotency_key: randomUUID(),
      content_type: 'image/jpeg',
      size: SCOUTING_PHOTO_MAX_BYTES + 1,
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: PHOTO_TOO_LARGE_MESSAGE });
    const pdf = await startUpload(owner, noteId, {
      idempotency_key: randomUUID(),
      content_type: 'application/pdf',
      size: 10,
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json()).toEqual({ detail: PHOTO_TYPE_MESSAGE });
    // Says it is a PNG, but the bytes are not.
    const liar = await startUpload(owner, noteId, {
      idempotency_key: randomUUID(),
      content_type: 'image/png',
      size: 100,
    });
    const { id } = scoutingPhotoResponseSchema.parse(liar.json()).data;
    const notPng = await patch(owner, id, 0, Buffer.from('%PDF-1.7'.padEnd(100, ' ')));
    expect(notPng.statusCode).toBe(415);
    // More bytes than the upload said.
    const small = scoutingPhotoResponseSchema.parse(
      (
        await startUpload(owner, noteId, { idempotency_key: randomUUID(), content_type: 'image/jpeg', size: 10 })
      ).json(),
    ).data;
    expect((await patch(owner, small.id, 0, jpeg(11))).statusCode).toBe(413);
    // A chunk over 1 MiB.
    const huge = scoutingPhotoResponseSchema.parse(
      (
        await startUpload(owner, noteId, { idempotency_key: randomUUID(), content_type: 'image/jpeg', size: 3_000_000 })
      ).json(),
    ).data;
    expect((await patch(owner, huge.id, 0, jpeg(1024 * 1024 + 1))).statusCode).toBe(413);
  });

  it('lets only editors upload and only members see', async () => {
    const noteId = await newNote();
    const byViewer = await startUpload(viewer, noteId, {
      idempotency_key: randomUUID(),
      content_type: 'image/jpeg',
      size: 10,
    });
    expect(byViewer.statusCode).toBe(403);
    const started = await startUpload(owner, noteId, {
      idempotency_key: randomUUID(),
      content_type: 'image/jpeg',
      size: 10,
    });
    const { id } = scoutingPhotoResponseSchema.parse(started.json()).data;
    expect((await patch(viewer, id, 0, jpeg(10))).statusCode).toBe(403);
    expect((await patch(stranger, id, 0, jpeg(10))).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: url(scoutingApi.photo(id)), token: stranger.token })).statusCode,
    ).toBe(404);
  });
});
