import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * The probe thread: GET /health one after another, a few ms apart, keeping the latency of each request
 * sent while state[0] names a phase (not 0) with that phase, until state[1] is 1. Plain JavaScript
 * evaluated in the thread (the benches run under tsx, whose loader a worker thread's own entry does
 * not get).
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.state);
(async () => {
  const samples = [];
  while (Atomics.load(state, 1) === 0) {
    const phase = Atomics.load(state, 0);
    const started = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error('/health answered ' + response.status);
    if (phase !== 0) samples.push([phase, performance.now() - started]);
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
  const answer = once(worker, 'message') as Promise<[Array<[number, number]>]>;
  // An error in the probe rejects `stop()` rather than going unnoticed.
  const failed = once(worker, 'error').then(([error]) => Promise.reject(error as Error));
  failed.catch(() => undefined);
  let stopped: Promise<Array<[number, number]>> | undefined;
  const finish = () =>
    (stopped ??= (async () => {
      Atomics.store(state, 1, 1);
      const [samples] = await Promise.race([answer, failed]);
      await worker.terminate();
      return samples;
    })());
  return {
    /** Keeps the latencies from now on, under `phase` (true is phase 1), until called with false. */
    measuring(phase: boolean | number) {
      Atomics.store(state, 0, phase === true ? 1 : phase === false ? 0 : phase);
    },
    /** Stops the probe: every latency kept. */
    async stop(): Promise<number[]> {
      return (await finish()).map(([, ms]) => ms);
    },
    /** Stops the probe: the latencies kept, by phase. */
    async stopByPhase(): Promise<Map<number, number[]>> {
      const byPhase = new Map<number, number[]>();
      for (const [phase, ms] of await finish()) byPhase.set(phase, [...(byPhase.get(phase) ?? []), ms]);
      return byPhase;
    },
  };
}
