import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Piscina } from 'piscina';
import { z } from 'zod';
import { areaGeometrySchema, zoneCollectionSchema } from '@paddock/shared/contracts';
import { HttpError } from '../../errors';
import type { JobRunner } from '../../jobs/runner';
import type { ExportStorage, StoredFile } from '../../storage/storage';
import { createWorkerPool, workerModule } from '../../workers/pool';
import type { PrescriptionInput } from './prescription';
import type { Db } from '../../db';

/**
 * Zoning exports as durable jobs (ARCHITECTURE §6): the zip of a paid order is made once per distinct
 * content by the `zoning.export` job and kept behind the storage seam; downloads stream the stored file.
 *
 * Exactly once: the export row is keyed by the SHA-256 of what the zip is made from (a request for the
 * same content finds the same row, and its job is enqueued once, in the row's transaction, with that
 * digest as dedupe key); the file's key derives from the row's id, so a job retried after a crash
 * overwrites its own file; the row becomes `ready` in the transaction that completes the job.
 */

export const ZONING_EXPORT_JOB = 'zoning.export';
/** Removes a deleted export row's file; queued by the row's deletion (a trigger, migration 0041). */
export const REMOVE_FILE_JOB = 'zoning.export.remove_file';
/** How long a download waits for its zip to be made before answering 503 with Retry-After. */
export const EXPORT_WAIT_MS = 30_000;
const POLL_MS = 50;

/** The job's payload: the export row and everything the zip is made from (a job never reads stale rows). */
const exportPayloadSchema = z.object({
  exportId: z.string(),
  input: z.object({
    farmName: z.string(),
    fields: z.array(z.object({ id: z.string(), name: z.string(), geometry: areaGeometrySchema })),
    zones: zoneCollectionSchema,
    numZones: z.number().int(),
    unified: z.boolean(),
  }),
});
type ExportPayload = z.infer<typeof exportPayloadSchema>;

/** The storage key of an export's file: derived from its row id (a retry overwrites its own file). */
export const exportKey = (exportId: string, fileName: string) => `exports/zoning/${exportId}/${fileName}`;

/** SHA-256 (hex) of what the zip is made from. */
export function exportDigest(orderId: string, input: PrescriptionInput): string {
  return createHash('sha256').update(JSON.stringify({ orderId, input })).digest('hex');
}

/** Registers the `zoning.export` job kind (once, at plugin registration); the zips are built in a worker thread. */
export function registerZoningExports(app: FastifyInstance): void {
  const { jobs, storage } = app;
  let pool: Piscina | undefined;
  app.addHook('onClose', async () => {
    await pool?.destroy();
  });
  const build = async (input: PrescriptionInput): Promise<{ fileName: string; zip: Buffer }> => {
    pool ??= createWorkerPool({ module: workerModule('plugins/zoning/prescription.worker'), maxThreads: 1 });
    const made = (await pool.run(input)) as { fileName: string; zip: Uint8Array };
    return { fileName: made.fileName, zip: Buffer.from(made.zip.buffer, made.zip.byteOffset, made.zip.byteLength) };
  };
  jobs.register<ExportPayload>(ZONING_EXPORT_JOB, {
    parse: (payload) => exportPayloadSchema.parse(payload),
    maxAttempts: 5,
    handle: async ({ exportId, input }, context) => {
      const row = await context.db
        .selectFrom('zoning_exports')
        .select(['status'])
        .where('id', '=', exportId)
        .executeTakeFirst();
      // Already made (a duplicate delivery), or the order and its exports are gone.
      if (!row || row.status === 'ready') return;
      const { fileName, zip } = await build(input);
      const key = exportKey(exportId, fileName);
      await storage.put(key, zip, { contentType: 'application/zip' });
      let stored = false;
      await context.complete(async (trx) => {
        const made = await trx
          .updateTable('zoning_exports')
          .set({ status: 'ready', storage_key: key, file_name: fileName, size_bytes: zip.length, ready_at: new Date() })
          .where('id', '=', exportId)
          .where('status', '=', 'pending')
          .returning(['order_id', 'unified'])
          .executeTakeFirst();
        if (!made) return;
        stored = true;
        // The order's earlier zips of the same kind (older rates) are not reachable any more; their
        // files are removed by the job each row's deletion queues (migration 0041).
        await trx
          .deleteFrom('zoning_exports')
          .where('order_id', '=', made.order_id)
          .where('unified', '=', made.unified)
          .where('id', '<>', exportId)
          .where('status', '=', 'ready')
          .execute();
      });
      // The order went while the zip was made: its row is gone, so is the file.
      if (!stored) await storage.delete(key);
    },
  });
  jobs.register<{ key: string }>(REMOVE_FILE_JOB, {
    parse: (payload) => z.object({ key: z.string().min(1) }).parse(payload),
    handle: async ({ key }) => storage.delete(key),
  });
}

export interface ReadyExport {
  fileName: string;
  file: StoredFile;
}

/**
 * Asks for the zip of `input` for the order without waiting for it: its export row and job are created
 * once (whoever asks at the same time); answers the row's id. Called when new rates are saved, so the
 * files are usually made by the time they are downloaded.
 */
export async function requestExport(
  deps: { db: Db; jobs: JobRunner },
  orderId: string,
  input: PrescriptionInput,
): Promise<string> {
  const digest = exportDigest(orderId, input);
  return deps.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('zoning_exports')
      .values({ order_id: orderId, digest, unified: input.unified })
      .onConflict((conflict) => conflict.column('digest').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (created) {
      await deps.jobs.enqueue(
        trx,
        ZONING_EXPORT_JOB,
        { exportId: created.id, input: { ...input, fields: [...input.fields] } } satisfies ExportPayload,
        { dedupeKey: `zoning-export:${created.id}` },
      );
      return created.id;
    }
    const existing = await trx
      .selectFrom('zoning_exports')
      .select('id')
      .where('digest', '=', digest)
      .executeTakeFirstOrThrow();
    return existing.id;
  });
}

/**
 * The zip of `input` for the order: the stored file when it was made before; otherwise its export row
 * and job are created (once, whoever asks at the same time) and the call waits for the job, up to
 * `waitMs`. A file that went missing from storage is made again.
 */
export async function exportFor(
  deps: { db: Db; jobs: JobRunner; storage: ExportStorage },
  orderId: string,
  input: PrescriptionInput,
  waitMs = EXPORT_WAIT_MS,
  signal?: AbortSignal,
): Promise<ReadyExport> {
  const { db, storage } = deps;
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const exportId = await requestExport(deps, orderId, input);
    for (;;) {
      const row = await db
        .selectFrom('zoning_exports')
        .select(['status', 'storage_key', 'file_name'])
        .where('id', '=', exportId)
        .executeTakeFirst();
      if (row?.status === 'ready' && row.storage_key && row.file_name) {
        const file = await storage.get(row.storage_key);
        if (file) return { fileName: row.file_name, file };
        // The file is gone (storage emptied): forget the row so the next round makes it again.
        await db.deleteFrom('zoning_exports').where('id', '=', exportId).execute();
        break;
      }
      if (!row) break;
      if (Date.now() >= deadline || signal?.aborted) {
        throw new HttpError(503, 'Your files are still being prepared. Please try again in a moment.', {
          'Retry-After': '5',
        });
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
  throw new HttpError(503, 'Your files could not be prepared. Please try again in a moment.', { 'Retry-After': '5' });
}
