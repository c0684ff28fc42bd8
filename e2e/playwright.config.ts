import { defineConfig } from '@playwright/test';
import { urls } from '../scripts/lib/stack.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // One composed system is shared by all tests, and one test stops a remote's server on purpose.
  workers: 1,
  fullyParallel: false,
  timeout: 90_000,
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
    trace: 'retain-on-failure',
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
