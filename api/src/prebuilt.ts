import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { workerModule } from './workers/pool';

/**
 * Data the api derives from packages it ships (the gazetteer's localities from a 25 MB table, the
 * base map's coastline and borders from the states' outlines), worked out by `prebuilt.process.ts`,
 * never in the api's own process: reading the sources takes seconds of CPU and grows memory (parsed
 * JSON, a thread's allocator arenas) that a long-lived process would keep; the results are a few MB.
 *
 * `npm run build -w api` runs that process once into `dist/prebuilt/`, so the compiled api only reads
 * a file, on first use. Run from source (tsx, jest) there is no such folder, and the process runs on
 * first use instead, into a temporary folder: the same code makes the same data either way. Each
 * artefact is bytes here; its own module encodes and decodes it (prebuilt.process.ts names who).
 */
export const PREBUILT_FILES = {
  /** The gazetteer's localities, JSON (places/gazetteer.ts). */
  localities: 'localities.json',
  /** The base map's coastline and borders per zoom band, packed (basemap/orientation-data.ts). */
  orientationLines: 'orientation-lines.bin',
} as const;

export type PrebuiltName = keyof typeof PREBUILT_FILES;

export const PREBUILT_NAMES = Object.keys(PREBUILT_FILES) as PrebuiltName[];

/** The process that works the data out, in dist/ or src/ (the folder of files sits beside it). */
const processFile = () => fileURLToPath(workerModule('prebuilt.process'));

/** Where the compiled api finds the data: dist/prebuilt/ (the same place under src/ holds nothing). */
export const prebuiltFolder = (): string => path.join(path.dirname(processFile()), 'prebuilt');

const fileOf = (folder: string, name: PrebuiltName) => path.join(folder, PREBUILT_FILES[name]);

/** Works out `names` in a short-lived process and writes them into `folder` (build.mjs does this into dist). */
export async function writePrebuilt(folder: string, names: readonly PrebuiltName[] = PREBUILT_NAMES): Promise<void> {
  const filename = processFile();
  const child = spawn(
    process.execPath,
    [...(filename.endsWith('.ts') ? ['--import', 'tsx'] : []), filename, folder, ...names],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject).once('close', resolve);
  });
  if (code !== 0) throw new Error(stderr.trim().split('\n').at(-1) || `prebuilt.process: exit code ${code}`);
}

/** Reads `name` from `folder`; when it is not there, works it out first (in a process of its own). */
export async function loadPrebuilt(name: PrebuiltName, folder = prebuiltFolder()): Promise<Buffer> {
  const bytes = await readFile(fileOf(folder, name)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (bytes !== null) return bytes;
  const scratch = await mkdtemp(path.join(tmpdir(), 'paddock-prebuilt-'));
  try {
    await writePrebuilt(scratch, [name]);
    return await readFile(fileOf(scratch, name));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
