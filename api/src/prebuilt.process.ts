// A short-lived process that works out the api's prebuilt data (see ./prebuilt.ts), writes each into
// its file in a folder and exits, giving back all the memory reading the sources took. Arguments: the
// folder, then the names to write (every one when none is named). Exit code 0 when all are written;
// otherwise 1, with the reason as the last line on stderr.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { encodeOrientationLines, readOrientationLines } from './basemap/orientation-data';
import { readLocalities } from './places/gazetteer';
import { PREBUILT_FILES, PREBUILT_NAMES, type PrebuiltName } from './prebuilt';

/** Each artefact's bytes, as the module that reads it back decodes them. */
const builders: Record<PrebuiltName, () => string | Uint8Array> = {
  localities: () => JSON.stringify(readLocalities()),
  orientationLines: () => encodeOrientationLines(readOrientationLines()),
};

const [folder, ...asked] = process.argv.slice(2);
const unknown = asked.filter((name) => !(PREBUILT_NAMES as readonly string[]).includes(name));
if (!folder || unknown.length > 0) {
  process.stderr.write(`usage: prebuilt.process <folder> [${PREBUILT_NAMES.join('|')}…]\n`);
  process.exit(2);
}
const names = asked.length > 0 ? (asked as PrebuiltName[]) : PREBUILT_NAMES;

async function writeAll(into: string): Promise<void> {
  await mkdir(into, { recursive: true });
  for (const name of names) await writeFile(path.join(into, PREBUILT_FILES[name]), builders[name]());
}

writeAll(folder).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
