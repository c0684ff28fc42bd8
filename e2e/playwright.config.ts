import { defineConfig } from '@playwright/test';
import { urls } from '../scripts/lib/stack.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Specs that stop a front end's server or release a new build of a remote on purpose: they run one
 * at a time, after the rest, so no other test sees a remote down or changed under it.
 */
const disruptive = ['**/remote-release.spec.ts', '**/shell.spec.ts', '**/scouting-offline.spec.ts'];

export default defineConfig({
  testDir: './tests',
  // One composed system is shared by all tests. Every other spec works with accounts of its own, so
  // two spec files run side by side (most of a browser test is waiting on the page, not the CPU).
  workers: 2,
  fullyParallel: false,
  projects: [
    { name: 'shared-stack', testIgnore: disruptive },
    { name: 'disruptive', testMatch: disruptive, dependencies: ['shared-stack'], workers: 1 },
  ],
  // Journeys of sign-up, a farm and the map take about a minute on a quiet 2-core machine; on a loaded
  // one (e2e took 21.7 min against 11.4 on 27 Nov) some ran past 90 s without anything being wrong.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: urls.host,
    // The app's service worker (issue 31) would serve a stopped remote or an old answer from its
    // cache; only the offline specs let it run (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but not a screencast:
    // recording frames for every test kept each browser's GPU process (software GL) at a third of a
    // core throughout, on a two-core machine that also runs the stack.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
