import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type FrontEndName, type RemoteName } from '../scripts/lib/stack.mjs';
import { CONTROL_PORT } from './tests/support/control';

/**
 * Starts the composed system (the gateway's one origin in front of the host, the remotes and the
 * api) on a fresh data folder, plus a tiny control endpoint through which a test can stop and
 * restart one front end's server (the "remote is down" case) or release a new build of a remote.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-e2e-'));
  const logs: string[] = [];
  const stack = await startStack({ dataDir, log: (line: string) => logs.push(line) });

  const control = createServer((req, res) => {
    const done = (work: Promise<void>) =>
      work.then(
        () => res.writeHead(204).end(),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    const frontEnd = /^\/front-ends\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
    const release = /^\/remotes\/(\w+)\/release$/.exec(req.url ?? '');
    if (req.method === 'POST' && frontEnd) {
      const [, name, action] = frontEnd as unknown as [string, FrontEndName, 'stop' | 'start'];
      done(action === 'stop' ? stack.stopFrontEnd(name) : stack.startFrontEnd(name));
    } else if (req.method === 'POST' && release) {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const { dir, version } = JSON.parse(body) as { dir: string; version: string };
        done(stack.releaseRemote(release[1] as RemoteName, dir, version));
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => control.listen(CONTROL_PORT, '127.0.0.1', resolve));

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await stack.stop();
    if (process.env.PADDOCK_E2E_LOGS) console.log(logs.join('\n'));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
