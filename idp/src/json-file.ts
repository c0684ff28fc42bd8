// Small JSON persistence helpers: atomic writes and a write queue that coalesces bursts of changes.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Reads and parses a JSON file; `undefined` when it does not exist (any other error is thrown). */
export async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new Error(`${file} is not valid JSON; fix or delete it`, { cause });
  }
}

/**
 * Writes through a temporary file in the same folder, flushed to disk, then renamed over the
 * target: a crash mid-write leaves either the old or the new file, never a truncated one.
 */
export async function writeFileAtomic(file: string, contents: string, mode = 0o600): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const handle = await fs.open(temp, 'w', mode);
  try {
    await handle.writeFile(contents, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Persists an in-memory state to one JSON file. `save()` resolves once a write that started after
 * the call has finished, so the awaited state is on disk; calls made while a write is still queued
 * share it (a burst of changes costs one or two writes, and writes never overlap).
 */
export class JsonFileWriter {
  #tail: Promise<void> = Promise.resolve();
  #queued: Promise<void> | undefined;

  constructor(
    readonly file: string,
    private readonly snapshot: () => unknown,
  ) {}

  save(): Promise<void> {
    if (!this.#queued) {
      const write = this.#tail.then(async () => {
        // From here on, later changes need a new write: release the slot before serialising.
        this.#queued = undefined;
        await writeFileAtomic(this.file, `${JSON.stringify(this.snapshot(), null, 2)}\n`);
      });
      this.#queued = write;
      this.#tail = write.catch(() => undefined);
    }
    return this.#queued;
  }

  /** Waits for every write queued so far. */
  flush(): Promise<void> {
    return this.#tail;
  }
}
