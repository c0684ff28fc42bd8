import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * The probe thread: GET /health one after another, a few ms apart, keeping the latencies of the
 * requests sent while state[0] is 1, until state[1] is 1. Plain JavaScript evaluated in the thread
 * (the benches run under tsx, whose loader a worker thread's own entry does not get).
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
(async () => {
  const samples = [];
  while (Atomics.load(state, 1) === 0) {
    const during = Atomics.load(state, 0) === 1;
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error('/health answered ' + response.status);
    if (during) samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  parentPort.postMessage(samples);
})();
`;

/**
 * Polls `url` (an api's /health) from a worker thread until stopped, keeping the latencies of the
 * requests sent while `measuring(true)` was in force: the api's responsiveness during some work,
 * without the bench's own work on its main thread (parsing large answers) in the figures.
 */
export function startHealthProbe(url: string) {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(PROBE, { eval: true, workerData: { url, state: state.buffer } });
  const answer = once(worker, 'message') as Promise<[number[]]>;
  // An error in the probe rejects `stop()` rather than going unnoticed.
  const failed = once(worker, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  return {
    measuring(on: boolean) {
      Atomics.store(state, 0, on ? 1 : 0);
    },
    async stop(): Promise<number[]> {
      Atomics.store(state, 1, 1);
      const [samples] = await Promise.race([answer, failed]);
      await worker.terminate();
      return samples;
    },
  };
}
