import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ConversionFailure, megabytes, tooLarge, unprocessable } from './failure';

/** More entries than this is not an export of one shapefile or one KML, and listing them would cost memory. */
const MAX_ENTRIES = 10_000;

export interface ZipEntry {
  /** Path inside the archive, '/'-separated. */
  name: string;
  entry: Entry;
}

/**
 * An archive opened for reading its listing and the few entries conversion needs. Entries are
 * inflated as streams into files, counting the bytes that actually come out (headers can lie):
 * past `maxUncompressedBytes` in all, extraction stops with a 413, so a zip bomb is refused after
 * reading at most that much, and memory stays flat throughout.
 */
export class Archive {
  private constructor(
    private readonly zip: ZipFile,
    readonly entries: ZipEntry[],
    private readonly describe: string,
    private remainingBytes: number,
    private readonly maxUncompressedBytes: number,
  ) {}

  /** `describe` names the archive in messages ('zip file', 'KMZ file'). */
  static async open(path: string, describe: string, maxUncompressedBytes: number): Promise<Archive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false });
    } catch {
      throw damaged(describe);
    }
    try {
      const entries: ZipEntry[] = [];
      for await (const entry of zip.eachEntry()) {
        if (entries.length >= MAX_ENTRIES)
          throw unprocessable(`This ${describe} holds too many files. Upload the field boundaries on their own.`);
        if (isContent(entry.fileName)) entries.push({ name: entry.fileName, entry });
      }
      return new Archive(zip, entries, describe, maxUncompressedBytes, maxUncompressedBytes);
    } catch (error) {
      zip.close();
      throw error instanceof ConversionFailure ? error : damaged(describe);
    }
  }

  /** Inflates entries into files, refusing up front when their declared sizes already exceed the limit. */
  async extract(targets: ReadonlyArray<{ entry: ZipEntry; path: string }>): Promise<void> {
    const declared = targets.reduce((sum, { entry }) => sum + entry.entry.uncompressedSize, 0);
    if (declared > this.remainingBytes) throw this.tooLarge();
    for (const { entry, path } of targets) await this.extractOne(entry.entry, path);
  }

  /** Releases the archive file; safe to call more than once. */
  close(): void {
    if (this.zip.isOpen) this.zip.close();
  }

  private async extractOne(entry: Entry, path: string): Promise<void> {
    if (entry.isEncrypted())
      throw unprocessable(`This ${this.describe} is protected by a password. Upload it without the password.`);
    let source;
    try {
      source = await this.zip.openReadStreamPromise(entry);
    } catch {
      throw damaged(this.describe);
    }
    const counter = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        this.remainingBytes -= chunk.length;
        if (this.remainingBytes < 0) done(this.tooLarge());
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, counter, createWriteStream(path));
    } catch (error) {
      throw error instanceof ConversionFailure ? error : damaged(this.describe);
    }
  }

  private tooLarge(): ConversionFailure {
    return tooLarge(
      `This ${this.describe} unpacks to more than ${megabytes(this.maxUncompressedBytes)}, more than Paddock can convert. Upload a smaller file.`,
    );
  }
}

const damaged = (describe: string) =>
  unprocessable(`This ${describe} is damaged or is not a ${describe}. Create it again and upload it.`);

/** Files, not folders, nor the '__MACOSX' and '._name' copies macOS adds to archives. */
function isContent(name: string): boolean {
  if (name.endsWith('/')) return false;
  const segments = name.split('/');
  return !segments.includes('__MACOSX') && !(segments.at(-1) ?? '').startsWith('.');
}

/** The last path segment of an archive entry. */
export const baseName = (name: string) => name.split('/').at(-1) ?? name;
