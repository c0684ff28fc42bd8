import {
  createFieldsRequestSchema,
  fieldCollectionSchema,
  fieldFeatureSchema,
  setCropTypeRequestSchema,
  updateFieldRequestSchema,
} from '@paddock/shared/contracts';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldUpdate } from '../../db/types';
import { declareFieldLabels, validatedInSlices, zodValidatorCompilerWith } from '../../validation';
import { requireFarmRole, requireFieldRole } from '../farms/access';
import { normaliseCropType } from '../farms/api';
import { errorResponses } from '../responses';
import { createBoundaryInspector } from './boundaries';
import type { InspectedBoundary } from '../../geo/geometry';
import {
  createFields,
  deleteField,
  fieldLabel,
  geometryIssueRewriter,
  inspectedBoundaries,
  fieldCollectionJson,
  geometryJson,
  listFields,
  newFieldRow,
  setCropTypes,
  toFieldCollection,
  toFieldFeature,
  updateField,
} from './service';
import { loopTurns } from '../../event-loop';

const tags = ['fields'];
const farmParams = z.object({ farm_id: z.string() });
const fieldParams = z.object({ id: z.string() });
/** Imports of many detailed boundaries are large; the default 1 MiB would refuse them. */
const FIELDS_BODY_LIMIT = 32 * 1024 * 1024;
const FIELD_BODY_LIMIT = 8 * 1024 * 1024;
/** About the JSON of INLINE_POSITIONS positions: a body past it may need the check's worker thread. */
const LARGE_BODY_BYTES = 64 * 1024;
/**
 * Sends JSON text piece by piece as a stream: collections are written out with turns of the event loop
 * between pieces (`fieldCollectionJson`) instead of by the response serializer, which would hold the
 * event loop for the whole answer. (A stream skips Fastify's serializer; the route's schema still
 * documents the body.)
 */
const sendJsonPieces = (reply: FastifyReply, status: number, pieces: AsyncIterable<string>) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send(Readable.from(pieces, { objectMode: false }));

/** The names the field details panel and import give their fields. */
export const FIELD_FIELD_LABELS = { field_name: 'Field name', field_crop_type: 'Crop type' } as const;

/**
 * Fields of a farm (spec 1 §7): list and add under `/farms/{farm_id}/fields`, read, change and delete
 * under `/fields/{id}`. Areas and bboxes are computed here; the farm's totals, bbox, location and
 * updated_on change in the same transaction as its fields.
 */
export const fieldsPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  declareFieldLabels(app, FIELD_FIELD_LABELS);
  const inspector = createBoundaryInspector();
  /**
   * A body this large may hold boundaries checked in the worker thread: it is started as the request
   * arrives (if not yet), while the body is read and parsed, rather than after.
   */
  const startChecksForLargeBodies = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    if (Number(request.headers['content-length'] ?? 0) > LARGE_BODY_BYTES) inspector.prepare();
    done();
  };
  app.addHook('onClose', async () => inspector.close());

  app.get(
    '/farms/:farm_id/fields',
    {
      schema: {
        tags,
        summary: "The farm's fields, in the order they were added",
        params: farmParams,
        response: { 200: fieldCollectionSchema, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const { farm, role } = await requireFarmRole(db, request.account, request.params.farm_id, 'viewer');
      return sendJsonPieces(reply, 200, fieldCollectionJson(await listFields(db, farm.id), role));
    },
  );

  app.post(
    '/farms/:farm_id/fields',
    {
      bodyLimit: FIELDS_BODY_LIMIT,
      onRequest: startChecksForLargeBodies,
      // A large import is validated a feature at a time, letting other requests in between.
      ...validatedInSlices('features', geometryIssueRewriter('collection')),
      schema: {
        tags,
        summary:
          'Add one or many fields (a FeatureCollection of Polygons/MultiPolygons); all or nothing. Editors and owners. Areas are computed by the server.',
        params: farmParams,
        body: createFieldsRequestSchema,
        response: { 201: fieldCollectionSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { farm, role } = await requireFarmRole(db, request.account, request.params.farm_id, 'editor');

      const { features } = request.body;
      const boundaries = await inspectedBoundaries(
        inspector,
        features.map((feature, index) => ({
          geometry: feature.geometry,
          loc: ['body', 'features', index, 'geometry'],
          label: fieldLabel(feature.properties.field_name, index),
        })),
      );
      // A big boundary takes milliseconds to write out as JSON: a few hundred positions at a time, letting
      // other requests in; the text is stored and then sent back as it is.
      const turns = loopTurns();
      const rows = [];
      const geometryTexts: string[] = [];
      for (const [index, feature] of features.entries()) {
        const boundary = boundaries[index] as InspectedBoundary;
        const geometryText = await geometryJson(boundary.geometry, turns);
        geometryTexts.push(geometryText);
        rows.push(
          newFieldRow(
            farm.id,
            feature.properties.field_name,
            feature.properties.field_crop_type,
            boundary,
            geometryText,
          ),
        );
      }
      const created = await createFields(
        db,
        farm.id,
        rows,
        boundaries.map((boundary) => boundary.geometry),
      );
      return sendJsonPieces(reply, 201, fieldCollectionJson(created, role, geometryTexts));
    },
  );

  app.get(
    '/fields/:id',
    {
      schema: {
        tags,
        summary: 'One field',
        params: fieldParams,
        response: { 200: fieldFeatureSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const { field, role } = await requireFieldRole(db, request.account, request.params.id, 'viewer');
      return toFieldFeature(field, role);
    },
  );

  app.put(
    '/fields/:id',
    {
      bodyLimit: FIELD_BODY_LIMIT,
      onRequest: startChecksForLargeBodies,
      validatorCompiler: zodValidatorCompilerWith(geometryIssueRewriter('feature')),
      schema: {
        tags,
        summary: 'Change the boundary, name or crop type of a field (left out = unchanged). Editors and owners.',
        params: fieldParams,
        body: updateFieldRequestSchema,
        response: { 200: fieldFeatureSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { field, role } = await requireFieldRole(db, request.account, request.params.id, 'editor');

      const { geometry, properties } = request.body;
      const changes: FieldUpdate = {};
      if (properties.field_name !== undefined) changes.name = properties.field_name;
      if (properties.field_crop_type !== undefined) changes.crop_type = normaliseCropType(properties.field_crop_type);
      if (geometry) {
        const [boundary] = (await inspectedBoundaries(inspector, [
          { geometry, loc: ['body', 'geometry'], label: fieldLabel(changes.name ?? field.name) },
        ])) as [InspectedBoundary];
        const {
          geometry: stored,
          area,
          min_lon,
          min_lat,
          max_lon,
          max_lat,
        } = newFieldRow(field.farm_id, field.name, null, boundary, await geometryJson(boundary.geometry));
        Object.assign(changes, { geometry: stored, area, min_lon, min_lat, max_lon, max_lat });
      }
      if (Object.keys(changes).length === 0) return toFieldFeature(field, role);

      const row = await updateField(db, field, changes);
      return toFieldFeature(row, role);
    },
  );

  app.patch(
    '/farms/:farm_id/fields/crop_type',
    {
      schema: {
        tags,
        summary:
          "Set the crop type of one or many of the farm's fields at once (null clears it). Editors and owners; all or none.",
        params: farmParams,
        body: setCropTypeRequestSchema,
        response: { 200: fieldCollectionSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { role } = await requireFarmRole(db, request.account, request.params.farm_id, 'editor', {
        forbidden: "Viewers can't change crop types",
      });
      const { field_ids, field_crop_type } = request.body;
      const rows = await setCropTypes(db, request.params.farm_id, field_ids, normaliseCropType(field_crop_type));
      return toFieldCollection(rows, role);
    },
  );

  app.delete(
    '/fields/:id',
    {
      schema: {
        tags,
        summary: 'Delete a field. Editors and owners.',
        params: fieldParams,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { field } = await requireFieldRole(db, request.account, request.params.id, 'editor');
      await deleteField(db, field);
      return reply.code(204).send(null);
    },
  );
};
