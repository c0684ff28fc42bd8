#!/usr/bin/env node
// `npm run serve -w <front end>`: serve one built front end from its dist.
// `--runtime <dir>` also answers /config.json and /remotes.json from that folder (the host's defaults).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStaticServer } from '../gateway/src/static-server.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string' },
    spa: { type: 'boolean', default: false },
    runtime: { type: 'string' },
  },
});
const runtimeFiles = {};
if (values.runtime) {
  for (const name of ['config.json', 'remotes.json'])
    runtimeFiles[`/${name}`] = JSON.parse(readFileSync(join(values.runtime, name), 'utf8'));
}
const server = await startStaticServer({
  dir: resolve(values.dir),
  port: Number(values.port),
  spa: values.spa,
  runtimeFiles,
});
console.log(`serving ${values.dir} on ${server.url}`);
