import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { remoteUrl, repoRoot } from '../../scripts/lib/stack.mjs';
import { signIn } from './support/auth';
import { releaseRemote } from './support/control';
import { accountDist, buildRelease } from './support/release';

const hostDist = join(repoRoot, 'host/dist');

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
