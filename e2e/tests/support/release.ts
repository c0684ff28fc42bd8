import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../../scripts/lib/stack.mjs';

export const accountDist = join(repoRoot, 'mf-account/dist');

/**
 * A second build of mf-account, as its team would release it: the dashboard heading says which
 * release it is, and each changed chunk gets a new content hash (so no cache can serve the old one).
 */
export function buildRelease(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mf-account-release-'));
  cpSync(accountDist, dir, { recursive: true });
  const heading = 'children:"Dashboard"}';
  // More than one chunk may hold the heading (a dist restored from turbo's cache can keep an earlier
  // build's chunk beside the current one): all change, and so do the files naming them (remoteEntry.js,
  // the chunks' list for offline use).
  const chunks = readdirSync(dir).filter(
    (file) => file.endsWith('.js') && readFileSync(join(dir, file), 'utf8').includes(heading),
  );
  if (chunks.length === 0) throw new Error('the dashboard chunk of mf-account was not found');
  for (const chunk of chunks) {
    const [id, oldHash] = chunk.split('.') as [string, string];
    const newHash = oldHash.split('').reverse().join('');
    writeFileSync(
      join(dir, chunk),
      readFileSync(join(dir, chunk), 'utf8').replace(heading, `children:"Dashboard (release ${version})"}`),
    );
    renameSync(join(dir, chunk), join(dir, `${id}.${newHash}.js`));
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js') || name.endsWith('.json'))) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (text.includes(oldHash)) writeFileSync(join(dir, file), text.replaceAll(oldHash, newHash));
    }
  }
  return dir;
}
