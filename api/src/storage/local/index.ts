import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import { DEFAULT_CONTENT_TYPE, keySegments, type ExportStorage, type StoredFile } from '../storage';

export interface LocalStorageConfig {
  /** The folder files live in (EXPORTS_DIR); created when missing. */
  dir: string;
}

/** Where a file's content type is kept, beside it. */
const TYPE_SUFFIX = '.content-type';

/**
 * Files in a local folder (the default). Writes go to a temporary name and are renamed into place,
 * so a reader never sees half a file and a crash leaves no partial file under the key. Several api
 * processes may share the folder (docker-compose mounts one volume into every replica).
 */
export class LocalFolderStorage implements ExportStorage {
  readonly kind = 'local' as const;

  constructor(private readonly config: LocalStorageConfig) {}

  private pathOf(key: string): string {
    return path.join(path.resolve(this.config.dir), ...keySegments(key));
  }

  async put(key: string, body: Buffer | Uint8Array | Readable, options: { contentType?: string } = {}): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomUUID()}.partial`;
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(temporary));
      else await writeFile(temporary, body);
      await writeFile(`${file}${TYPE_SUFFIX}`, options.contentType ?? DEFAULT_CONTENT_TYPE);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    // Opened before anything else: a file deleted (or replaced) after this still streams whole, as
    // it was, where a stat followed by a later open would fail half-way.
    let handle: FileHandle;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR') return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const contentType = await readFile(`${file}${TYPE_SUFFIX}`, 'utf8').catch(() => DEFAULT_CONTENT_TYPE);
      return { body: handle.createReadStream(), size: info.size, contentType };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}${TYPE_SUFFIX}`, { force: true });
  }
}
