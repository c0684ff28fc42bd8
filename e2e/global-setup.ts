import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack, type FrontEndName } from '../scripts/lib/stack.mjs';
import { CONTROL_PORT } from './tests/support/control';

/**
 * Starts the composed system on a fresh data folder, plus a tiny control endpoint through which a
 * test can stop and restart one front end's server (the "remote is down" case).
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-e2e-'));
  const logs: string[] = [];
  const stack = await startStack({ dataDir, log: (line: string) => logs.push(line) });

  const control = createServer((req, res) => {
    const match = /^\/front-ends\/(\w+)\/(stop|start)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match) {
      res.writeHead(404).end();
      return;
    }
    const [, name, action] = match as unknown as [string, FrontEndName, 'stop' | 'start'];
    const work = action === 'stop' ? stack.stopFrontEnd(name) : stack.startFrontEnd(name);
    work.then(
      () => res.writeHead(204).end(),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve) => control.listen(CONTROL_PORT, '127.0.0.1', resolve));

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await stack.stop();
    if (process.env.PADDOCK_E2E_LOGS) console.log(logs.join('\n'));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
