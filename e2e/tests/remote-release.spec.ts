import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { remoteUrl, repoRoot } from '../../scripts/lib/stack.mjs';
import { signIn } from './support/auth';
import { releaseRemote } from './support/control';

const accountDist = join(repoRoot, 'mf-account/dist');
const hostDist = join(repoRoot, 'host/dist');

/**
 * A second build of mf-account, as its team would release it: the dashboard heading says which
 * release it is, and the changed chunk gets a new content hash (so no cache can serve the old one).
 */
function buildRelease(version: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'mf-account-release-'));
  cpSync(accountDist, dir, { recursive: true });
  const heading = 'children:"Dashboard"}';
  const chunk = readdirSync(dir).find(
    (file) => file.endsWith('.js') && readFileSync(join(dir, file), 'utf8').includes(heading),
  );
  if (!chunk) throw new Error('the dashboard chunk of mf-account was not found');
  const [id, oldHash] = chunk.split('.') as [string, string];
  const newHash = oldHash.split('').reverse().join('');
  writeFileSync(
    join(dir, chunk),
    readFileSync(join(dir, chunk), 'utf8').replace(heading, `children:"Dashboard (release ${version})"}`),
  );
  renameSync(join(dir, chunk), join(dir, `${id}.${newHash}.js`));
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    if (text.includes(oldHash)) writeFileSync(join(dir, file), text.replaceAll(oldHash, newHash));
  }
  return dir;
}

const hostFiles = () => readdirSync(hostDist).map((file) => `${file}:${statSync(join(hostDist, file)).mtimeMs}`);

test('a remote is released by changing remotes.json only: the running host loads the new build', async ({
  browser,
  page,
}) => {
  const hostBefore = hostFiles();
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1, exact: true })).toBeVisible();
  const before = await (await page.request.get('/remotes.json')).json();
  expect(before.mf_account).toBe(`${remoteUrl('mf_account')}/remoteEntry.js`);

  const release = buildRelease('2');
  try {
    await releaseRemote('mf_account', release, '2');
    const after = await (await page.request.get('/remotes.json')).json();
    expect(after.mf_account).toBe(`${remoteUrl('mf_account')}/remoteEntry.js?release=2`);
    expect(after.mf_farms).toBe(before.mf_farms);

    // A user who opens the app now gets the new build, from the same host.
    const context = await browser.newContext({ storageState: await page.context().storageState() });
    const fresh = await context.newPage();
    await fresh.goto('/dashboard');
    await expect(fresh.getByRole('heading', { name: 'Dashboard (release 2)', level: 1 })).toBeVisible();
    await context.close();
    expect(hostFiles()).toEqual(hostBefore);
  } finally {
    await releaseRemote('mf_account', accountDist, 'restored');
    rmSync(release, { recursive: true, force: true });
  }
});
