import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { convertLimits, convertResponseSchema } from '@paddock/shared/contracts';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Piscina } from 'piscina';
import { HttpError } from '../../errors';
import { createWorkerPool, workerModule } from '../../workers/pool';
import { errorResponses } from '../responses';
import type { ConvertOutcome, ConvertTask } from './convert';
import { convertedBody } from './respond';
import { MAX_UPLOAD_FILES, saveUpload } from './upload';

/** Heap of one conversion worker: conversion streams, so this bounds a pathological file, not a large one. */
const WORKER_HEAP_MB = 256;

/**
 * `POST v2/convert` (spec 1 §2.6, §4.2): the upload wizard's files (shapefile parts, a zipped
 * shapefile, KML or KMZ) as WGS84 field boundaries. Uploads stream to a temp folder, a worker thread
 * converts them into a temp file, and the answer streams from that file; the folder is removed
 * whatever happens. 200 when every feature converted, 206 with `invalid` and `converted` when some
 * did not, 413 over a limit, 422 when nothing usable came out.
 */
export const convertPlugin: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: convertLimits.maxRequestBytes,
      files: MAX_UPLOAD_FILES,
      fields: 20,
      parts: MAX_UPLOAD_FILES + 20,
    },
  });
  const pool = createWorkerPool({
    module: workerModule('plugins/convert/convert.worker'),
    maxThreads: 2,
    maxOldGenerationSizeMb: WORKER_HEAP_MB,
  });
  app.addHook('onClose', async () => pool.destroy());

  // The answer is a stream, not an object, so this route is typed without the zod provider;
  // the zod schemas still describe it in the OpenAPI document.
  app.withTypeProvider<FastifyTypeProviderDefault>().post(
    '/convert',
    {
      schema: {
        tags: ['convert'],
        summary:
          'Convert shapefile parts (repeated `files`), a zipped shapefile, a KML or a KMZ into WGS84 field boundaries',
        consumes: ['multipart/form-data'],
        response: {
          200: convertResponseSchema.describe('Every feature converted'),
          206: convertResponseSchema.describe('Some features converted; the others are listed in `invalid`'),
          ...errorResponses(401, 413, 422),
        },
      },
    },
    async (request, reply) => {
      const workDir = await mkdtemp(path.join(tmpdir(), 'paddock-convert-'));
      let removed: Promise<void> | undefined;
      const cleanup = () => (removed ??= rm(workDir, { recursive: true, force: true }));
      try {
        const files = await saveUpload(request, workDir);
        const outcome = await convertOffThread(pool, { files, workDir });
        if (!outcome.ok) throw new HttpError(outcome.status, outcome.detail);
        reply.raw.once('close', () => void cleanup());
        return reply
          .code(outcome.invalid.length ? 206 : 200)
          .type('application/json; charset=utf-8')
          .send(convertedBody(outcome, cleanup));
      } catch (error) {
        await cleanup();
        throw error;
      }
    },
  );
};

async function convertOffThread(pool: Piscina, task: ConvertTask): Promise<ConvertOutcome> {
  try {
    return (await pool.run(task)) as ConvertOutcome;
  } catch (error) {
    // The worker's heap limit stopped it: a file whose single features are too big to hold.
    if ((error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return {
        ok: false,
        status: 413,
        detail:
          'This file is too large for Paddock to convert. Split it into smaller files and upload them one by one.',
      };
    }
    throw error;
  }
}
