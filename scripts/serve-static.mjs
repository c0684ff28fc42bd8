#!/usr/bin/env node
// `npm run serve -w <front end>` and each front end's container: serve one built front end from its dist.
// `--runtime <dir>` also answers /config.json and /remotes.json from that folder (the host's), read
// on every request, so a remote's release changes remotes.json without a restart.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startStaticServer } from '../gateway/src/static-server.mjs';
import { partnerFrameAncestors } from '../gateway/src/security-headers.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    spa: { type: 'boolean', default: false },
    runtime: { type: 'string' },
  },
});
const runtimeFiles = {};
if (values.runtime) {
  for (const name of ['config.json', 'remotes.json']) {
    const file = join(values.runtime, name);
    runtimeFiles[`/${name}`] = () => JSON.parse(readFileSync(file, 'utf8'));
  }
}
const server = await startStaticServer({
  dir: resolve(values.dir),
  port: Number(values.port ?? process.env.PORT),
  host: values.host,
  spa: values.spa,
  runtimeFiles,
  embeddable: {
    paths: ['/partner-portal.html'],
    frameAncestors: partnerFrameAncestors(process.env.PARTNER_FRAME_ANCESTORS),
  },
});
console.log(`serving ${values.dir} on ${server.url}`);
const stop = () => server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
