#!/usr/bin/env node
// `npm start`: install what is missing, build, run the whole product with its embedded defaults
// (offline: simulated imagery, the embedded base map, the shipped gazetteer).
// `npm start -- --live`: real data instead (PADDOCK_LIVE=1, api/live-preset.json): Sentinel-2 L2A from
// Earth Search, the EOX Sentinel-2 cloudless base map and OpenStreetMap's Nominatim; each still
// overridable by its own variable (IMAGERY_SOURCE, STAC_API_URL, BASEMAP_URL, GEOCODER_URL, …).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { demoUser, repoRoot, startStack, urls } from './lib/stack.mjs';

const run = (command) => execSync(command, { cwd: repoRoot, stdio: 'inherit' });

if (!existsSync(join(repoRoot, 'node_modules/.package-lock.json'))) {
  console.log('Installing dependencies (first run)…');
  run('npm install --no-audit --no-fund');
}
console.log('Building the front ends…');
run('npx turbo run build --output-logs=errors-only');

const live = process.argv.slice(2).includes('--live');
const dataDir = process.env.PADDOCK_DATA_DIR ?? join(repoRoot, '.data');
const stack = await startStack({
  dataDir,
  compiledApi: true,
  // A demo: paid imagery orders move to Capturing, then Completed, by themselves (off in tests).
  extraEnv: {
    SIMULATED_FULFILMENT: process.env.SIMULATED_FULFILMENT ?? 'on',
    ...(live ? { PADDOCK_LIVE: '1' } : {}),
  },
}).catch((error) => {
  console.error(`\nPaddock could not start: ${error.message}`);
  process.exit(1);
});

console.log(`
  Paddock is running.

  Open        ${urls.host}
  Sign in     ${demoUser.email} / ${demoUser.password}   (or sign up as a new user)
  Mailbox     ${urls.idp}/dev/mailbox   (verification e-mails)
  API docs    ${urls.apiDirect}/docs   (Swagger UI serves its assets from the api's root)

  One origin: the app, its remotes (/remotes/<name>/) and the api (/api/) all at ${urls.host};
  the sign-in pages on their own origin, ${urls.idp}, as Auth0's are.

  Data        ${live ? 'LIVE: Sentinel-2 from Earth Search, EOX base map, Nominatim place search' : 'offline demo: simulated imagery (npm start -- --live for real data)'}

  Data is kept in ${dataDir}. Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Paddock…');
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
