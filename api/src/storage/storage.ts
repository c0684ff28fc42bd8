import type { Readable } from 'node:stream';

/**
 * The seam between the features that write files for users to fetch later (zoning exports, rendered
 * documents) and where those files live. Two implementations, chosen by configuration
 * (`storage-config.ts`): a local folder (default) and S3-compatible object storage.
 *
 * Keys are relative paths of `/`-separated segments (`exports/<job id>/farm.zip`): no empty, `.` or
 * `..` segment, no leading slash, no backslash or control character; both implementations refuse any
 * other key the same way. A job writing a file uses a key derived from its id, so a retried job
 * overwrites its own file instead of leaving a second one (effects outside the database are idempotent
 * by job id).
 */
export interface ExportStorage {
  readonly kind: StorageKind;
  /** Stores `body` under `key`, replacing what was there. Resolves once the whole file is stored. */
  put(key: string, body: Buffer | Uint8Array | Readable, options?: { contentType?: string }): Promise<void>;
  /** The file as a stream with its size and type, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

export type StorageKind = 'local' | 's3';

export interface StoredFile {
  body: Readable;
  /** Bytes. */
  size: number;
  contentType: string;
}

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key ${JSON.stringify(key)}: use relative paths like "exports/<id>/file.zip"`);
  }
}

/** A path segment: not empty, not `.` or `..`, no slash, backslash or control character. */
function isSegment(segment: string): boolean {
  if (segment === '' || segment === '.' || segment === '..') return false;
  for (const char of segment) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '/' || char === '\\' || code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** Throws InvalidStorageKeyError unless `key` is a safe relative path; returns its segments. */
export function keySegments(key: string): string[] {
  const segments = key.split('/');
  if (key.length > 1024 || !segments.every(isSegment)) throw new InvalidStorageKeyError(key);
  return segments;
}
