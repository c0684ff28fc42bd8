import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { convertLimits } from '@paddock/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { ACCEPTED_EXTENSIONS, extensionOf, type UploadedFile } from './extensions';
import { megabytes } from './failure';

/** A shapefile's five parts, with room for the extra files (.sbn, .xml) people select along with them. */
export const MAX_UPLOAD_FILES = 12;

export const requestTooLarge = () =>
  new HttpError(
    413,
    `This upload is larger than ${megabytes(convertLimits.maxRequestBytes)}, more than Paddock can convert. Upload a smaller file.`,
  );

/**
 * Streams the request's `files` parts into `workDir`, never holding a whole file: each part goes
 * through a byte counter to its own file, and past the request-size limit the upload stops with a 413.
 * Files of other types are read past and ignored, as the wizard ignores them.
 */
export async function saveUpload(request: FastifyRequest, workDir: string): Promise<UploadedFile[]> {
  if (Number(request.headers['content-length'] ?? 0) > convertLimits.maxRequestBytes) throw requestTooLarge();
  if (!request.isMultipart()) return [];

  const files: UploadedFile[] = [];
  let received = 0;
  const counter = () =>
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > convertLimits.maxRequestBytes) done(requestTooLarge());
        else done(null, chunk);
      },
    });

  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const name = path.basename(part.filename.replaceAll('\\', '/'));
      const extension = extensionOf(name);
      if (part.fieldname !== 'files' || !ACCEPTED_EXTENSIONS.has(extension)) {
        await pipeline(part.file, counter(), new Writable({ write: (_chunk, _encoding, done) => done() }));
        continue;
      }
      const target = path.join(workDir, `upload-${files.length + 1}.${extension}`);
      await pipeline(part.file, counter(), createWriteStream(target));
      files.push({ name, path: target });
    }
  } catch (error) {
    throw uploadError(error);
  }
  return files;
}

/** The multipart reader's own errors, in the product's words. */
function uploadError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return requestTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new HttpError(
      422,
      `Upload at most ${MAX_UPLOAD_FILES} files at once: one KML or KMZ file, or the files of one shapefile.`,
    );
  }
  return new HttpError(422, 'The upload did not arrive complete. Please try again.');
}
