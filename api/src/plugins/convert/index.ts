import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { convertLimits, convertResponseSchema } from '@paddock/shared/contracts';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Piscina } from 'piscina';
import { HttpError } from '../../errors';
import { throttle, type ThrottleRule } from '../../throttle';
import { createWorkerPool, workerModule } from '../../workers/pool';
import { errorResponses } from '../responses';
import type { ConvertOutcome, ConvertTask } from './convert';
import { convertedBody } from './respond';
import { MAX_UPLOAD_FILES, saveUpload } from './upload';

/** Heap of one conversion worker: conversion streams, so this bounds a pathological file, not a large one. */
const WORKER_HEAP_MB = 256;
/** Past `config.convertUploadsPerMinute` uploads of one account (all api processes together), this 429. */
export const CONVERT_THROTTLED = 'Too many uploads in a short time. Please wait a minute and try again.';

/** Every conversion's work folder is `<tmpdir>/paddock-convert-XXXXXX`. */
const WORK_DIR_PREFIX = 'paddock-convert-';
/**
 * Work folders untouched for this long belong to no conversion still running (another api process
 * may be converting now, so fresh ones are left alone): they are removed when the api starts.
 */
export const STALE_WORK_DIR_MS = 60 * 60 * 1000;

/** Removes the work folders a crashed or killed api left behind; the names of those removed. */
export async function sweepStaleWorkDirs(root = tmpdir(), now = Date.now()): Promise<string[]> {
  const names = (await readdir(root).catch(() => [])).filter((name) => name.startsWith(WORK_DIR_PREFIX));
  const removed: string[] = [];
  for (const name of names) {
    const dir = path.join(root, name);
    const modified = await stat(dir).then(
      (info) => info.mtimeMs,
      () => now,
    );
    if (now - modified < STALE_WORK_DIR_MS) continue;
    await rm(dir, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

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
  // Counted in the database, so the limit holds however many api processes share the load (a wizard
  // converts once per file set; this stops a script from keeping the conversion workers busy).
  const uploads: ThrottleRule = { limit: app.config.convertUploadsPerMinute, windowMs: 60_000 };
  const swept = await sweepStaleWorkDirs();
  if (swept.length) app.log.info({ removed: swept.length }, 'removed stale conversion folders');

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
          ...errorResponses(401, 413, 422, 429),
        },
      },
    },
    async (request, reply) => {
      // Before the upload is read: a refused caller costs one small query, not a saved file.
      await throttle(app.db, `convert:${request.account.id}`, uploads, CONVERT_THROTTLED);
      const workDir = await mkdtemp(path.join(tmpdir(), WORK_DIR_PREFIX));
      let removed: Promise<void> | undefined;
      const cleanup = () => (removed ??= rm(workDir, { recursive: true, force: true }));
      // The connection closing (the answer sent, or the client gone: the wizard closed) ends this
      // conversion: the worker stops, and the folder goes once nothing is using it any more.
      const closed = new AbortController();
      reply.raw.once('close', () => closed.abort());
      let answering = false;
      try {
        const files = await saveUpload(request, workDir);
        const outcome = await convertOffThread(pool, { files, workDir }, closed.signal);
        if (!outcome.ok) throw new HttpError(outcome.status, outcome.detail);
        if (closed.signal.aborted) {
          await cleanup();
          return reply;
        }
        answering = true;
        closed.signal.addEventListener('abort', () => void cleanup(), { once: true });
        return reply
          .code(outcome.invalid.length ? 206 : 200)
          .type('application/json; charset=utf-8')
          .send(convertedBody(outcome, cleanup));
      } catch (error) {
        if (!answering) await cleanup();
        if (closed.signal.aborted) return reply;
        throw error;
      }
    },
  );
};

async function convertOffThread(pool: Piscina, task: ConvertTask, signal: AbortSignal): Promise<ConvertOutcome> {
  try {
    return (await pool.run(task, { signal })) as ConvertOutcome;
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
