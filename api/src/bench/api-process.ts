// The api as a child process for the benchmarks, on a port that is really ours.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { PG_TEST_URL } from '../test/backends';
// Plain ES module shared with the root bench script (typed by load.d.mts).
import { cpuMs } from '../../../scripts/bench/load.mjs';
// The flags every launch of the api uses (npm start, the container): the benches measure the same process.
import { API_NODE_FLAGS } from '../../node-flags.mjs';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

/** `preferred` when it is free, else any free port: the health check must reach our api, not another server. */
export function pickPort(preferred = 0): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const tryListen = (port: number) => {
      const server = createServer();
      server.once('error', (error: NodeJS.ErrnoException) =>
        error.code === 'EADDRINUSE' && port !== 0 ? tryListen(0) : reject(error),
      );
      server.listen(port, '127.0.0.1', () => {
        const { port: bound } = server.address() as AddressInfo;
        server.close(() => resolve(bound));
      });
    };
    tryListen(preferred);
  });
}

/**
 * Starts `src/main.ts` with `env` on `port` and resolves once /health answers; with `compiled`, the
 * build `npm start` runs (`dist/main.js`, built beforehand) instead of the TypeScript source under tsx.
 */
export async function startApi(
  env: Record<string, string>,
  port: number,
  { compiled = false }: { compiled?: boolean } = {},
): Promise<ChildProcess> {
  // BENCH_API_NODE_ARGS adds node flags to the api process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to
  // see what holds its event loop (profiles are written when it exits on SIGTERM).
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const entry = compiled
    ? [path.join(apiRoot, 'dist/main.js')]
    : ['--import', 'tsx', path.join(apiRoot, 'src/main.ts')];
  const child = spawn(process.execPath, [...API_NODE_FLAGS, ...nodeArgs, ...entry], {
    cwd: apiRoot,
    env: { ...process.env, ...env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A bench that fails half-way must not leave its api running (holding the port and the output).
  process.once('exit', () => child.kill('SIGTERM'));
  // BENCH_API_START_MS: longer on a machine loaded by other work (the api's start is not what is measured).
  const deadline = Date.now() + Number(process.env.BENCH_API_START_MS ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('api did not start');
}

/**
 * Resolves once `child` has spent under 5 % of a core for a second: the api answers /health before its
 * start-up work is done (the fields' boundary check starts its worker thread and loads its checks), and
 * a bench of steady requests must not count that work against them.
 */
export async function waitUntilSettled(child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  if (child.pid === undefined) return;
  const deadline = Date.now() + timeoutMs;
  let before = cpuMs(child.pid);
  while (Date.now() < deadline && before !== null) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(child.pid);
    if (now === null || now - before < 50) return;
    before = now;
  }
}

/** True when the PostgreSQL test server answers (benches then measure on it too). */
export async function pgAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Runs `bench` and prints its result as JSON when `moduleUrl` (the bench's `import.meta.url`) is the script node was started with. */
export function runWhenMain(moduleUrl: string, bench: () => Promise<unknown>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  bench().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
