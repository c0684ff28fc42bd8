import {
  createScoutingNoteSchema,
  createScoutingPhotoSchema,
  reviseScoutingNoteSchema,
  SCOUTING_CHUNK_MAX_BYTES,
  scoutingNoteHistorySchema,
  scoutingNoteResponseSchema,
  scoutingNotesQuerySchema,
  scoutingNotesResponseSchema,
  scoutingPeopleResponseSchema,
  scoutingPhotoResponseSchema,
  scoutingReportQuerySchema,
} from '@paddock/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../errors';
import { errorResponses } from '../responses';
import { appendChunk, createPhoto, photoContent, photoStatus } from './photos';
import { buildScoutingCsv, buildScoutingKml } from './report';
import {
  createNote,
  farmPeople,
  getNote,
  listFollowUps,
  listNotes,
  noteHistory,
  reportData,
  reviseNote,
} from './service';

const tags = ['scouting'];
const CHUNK_TYPE = 'application/offset+octet-stream';
const farmParams = z.object({ farm_id: z.string() });
const noteParams = z.object({ note_id: z.string() });
const photoParams = z.object({ photo_id: z.string() });

/** A report's file name: the farm and the days, in characters every file system takes. */
const reportName = (farmName: string, from: string | undefined, to: string | undefined, extension: string) =>
  `${[farmName.replace(/[^\w-]+/g, '_') || 'farm', 'scouting', from, to].filter(Boolean).join('-')}.${extension}`;

/**
 * Scouting notes (issue 31): notes with a pin or an area on a farm, their revisions, chunked photo
 * uploads and reports. Writes carry the device's key: a retry answers 200 with what the first send
 * made (201 the first time). Viewers read, editors write.
 */
export const scoutingPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const deps = () => ({ db, storage: app.storage });

  app.addContentTypeParser(CHUNK_TYPE, { parseAs: 'buffer', bodyLimit: SCOUTING_CHUNK_MAX_BYTES }, (_r, body, done) =>
    done(null, body),
  );

  app.get(
    '/farms/:farm_id/scouting/notes',
    {
      schema: {
        tags,
        summary:
          "A farm's scouting notes, newest day first; filter by field_id, category (comma list), from and to (ISO days, inclusive)",
        params: farmParams,
        querystring: scoutingNotesQuerySchema,
        response: { 200: scoutingNotesResponseSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => ({
      data: await listNotes(db, request.account, { farmId: request.params.farm_id, query: request.query }),
    }),
  );

  app.post(
    '/farms/:farm_id/scouting/notes',
    {
      schema: {
        tags,
        summary: 'Add a note (editors); the same idempotency_key again answers 200 with the same note',
        params: farmParams,
        body: createScoutingNoteSchema,
        response: {
          200: scoutingNoteResponseSchema,
          201: scoutingNoteResponseSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { note, created } = await createNote(db, request.account, {
        farmId: request.params.farm_id,
        body: request.body,
      });
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  );

  app.get(
    '/scouting/notes/:note_id',
    {
      schema: {
        tags,
        summary: 'One note with its photos',
        params: noteParams,
        response: { 200: scoutingNoteResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await getNote(db, request.account, request.params.note_id) }),
  );

  app.put(
    '/scouting/notes/:note_id',
    {
      schema: {
        tags,
        summary:
          'Edit a note (editors): a new revision; the note shows the latest by client_updated_on, then arrival. The same idempotency_key again changes nothing',
        params: noteParams,
        body: reviseScoutingNoteSchema,
        response: {
          200: scoutingNoteResponseSchema,
          201: scoutingNoteResponseSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { note, created } = await reviseNote(db, request.account, {
        noteId: request.params.note_id,
        body: request.body,
      });
      return reply.code(created ? 201 : 200).send({ data: note });
    },
  );

  app.get(
    '/scouting/notes/:note_id/history',
    {
      schema: {
        tags,
        summary: "Every revision of a note, the one shown first (two devices' edits are both kept)",
        params: noteParams,
        response: { 200: scoutingNoteHistorySchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await noteHistory(db, request.account, request.params.note_id) }),
  );

  app.get(
    '/scouting/follow-ups',
    {
      schema: {
        tags,
        summary: 'Notes whose follow-up is given to the caller and not done yet',
        response: { 200: scoutingNotesResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listFollowUps(db, request.account) }),
  );

  app.get(
    '/farms/:farm_id/scouting/people',
    {
      schema: {
        tags,
        summary: 'Who a follow-up on this farm can be given to: the owner and members who have signed in',
        params: farmParams,
        response: { 200: scoutingPeopleResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ data: await farmPeople(db, request.account, request.params.farm_id) }),
  );

  app.post(
    '/scouting/notes/:note_id/photos',
    {
      schema: {
        tags,
        summary:
          'Start a photo upload (editors): size in bytes (at most 15 MB, else 413) and type (JPEG, PNG, WebP or HEIC, else 415); then PATCH the chunks',
        params: noteParams,
        body: createScoutingPhotoSchema,
        response: {
          200: scoutingPhotoResponseSchema,
          201: scoutingPhotoResponseSchema,
          ...errorResponses(401, 403, 404, 409, 413, 415, 422),
        },
      },
    },
    async (request, reply) => {
      const { photo, created } = await createPhoto(db, request.account, {
        noteId: request.params.note_id,
        body: request.body,
      });
      return reply
        .code(created ? 201 : 200)
        .header('Upload-Offset', String(photo.offset))
        .send({ data: photo });
    },
  );

  app.get(
    '/scouting/photos/:photo_id',
    {
      schema: {
        tags,
        summary: 'Where a photo upload stands: resume from its offset',
        params: photoParams,
        response: { 200: scoutingPhotoResponseSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const photo = await photoStatus(db, request.account, request.params.photo_id);
      return reply.header('Upload-Offset', String(photo.offset)).send({ data: photo });
    },
  );

  app.patch(
    '/scouting/photos/:photo_id',
    {
      bodyLimit: SCOUTING_CHUNK_MAX_BYTES,
      schema: {
        tags,
        summary: `Send one chunk (${CHUNK_TYPE}, at most 1 MiB) at the Upload-Offset header; 409 with the offset to resume from when it does not follow`,
        params: photoParams,
        headers: z.object({ 'upload-offset': z.coerce.number().int().min(0) }),
        response: { 200: scoutingPhotoResponseSchema, ...errorResponses(401, 403, 404, 409, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, `Send the chunk as ${CHUNK_TYPE}`);
      const photo = await appendChunk(deps(), request.account, {
        photoId: request.params.photo_id,
        offset: request.headers['upload-offset'],
        bytes: request.body,
      });
      return reply.header('Upload-Offset', String(photo.offset)).send({ data: photo });
    },
  );

  app.get(
    '/scouting/photos/:photo_id/content',
    {
      schema: {
        tags,
        summary: "The photo's bytes, once its upload is complete",
        params: photoParams,
        response: { 200: z.any().describe('The image'), ...errorResponses(401, 404, 409) },
      },
    },
    async (request, reply) => {
      const file = await photoContent(deps(), request.account, request.params.photo_id);
      return reply
        .type(file.contentType)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'private, max-age=31536000, immutable')
        .send(file.body);
    },
  );

  for (const format of ['csv', 'kml'] as const) {
    app.get(
      `/farms/:farm_id/scouting/report.${format}`,
      {
        schema: {
          tags,
          summary: `A farm's notes from and to (ISO days, inclusive) as ${format.toUpperCase()}`,
          params: farmParams,
          querystring: scoutingReportQuerySchema,
          response: { 200: z.string(), ...errorResponses(401, 404, 422) },
        },
      },
      async (request, reply) => {
        const { from, to } = request.query;
        const data = await reportData(db, request.account, { farmId: request.params.farm_id, from, to });
        const body = format === 'csv' ? buildScoutingCsv(data) : buildScoutingKml(data);
        return reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.google-earth.kml+xml')
          .header('Content-Disposition', `attachment; filename="${reportName(data.farmName, from, to, format)}"`)
          .send(body);
      },
    );
  }
};
