// Run by young-generation.test.ts as its own process, started with the api's node flags: prints the
// young generation (new space, MB) of the main thread and of a worker that asks for 64 MB, each after
// allocating enough to grow it. With `keep-cap-everywhere` the cap is not confined first.
import { getHeapSpaceStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { confineYoungGenerationCapToMainThread } from './young-generation';

const growAndMeasure = `
  const { getHeapSpaceStatistics } = require('node:v8');
  const kept = [];
  for (let i = 0; i < 600000; i += 1) kept.push({ i, pair: [i, i] });
  const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  (require('node:worker_threads').parentPort ?? { postMessage: console.log }).postMessage(space.space_size / 1048576);
`;

const kept: unknown[] = [];
for (let i = 0; i < 600_000; i += 1) kept.push({ i, pair: [i, i] });
const mainMb = (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 1048576;
if (process.argv[2] !== 'keep-cap-everywhere') confineYoungGenerationCapToMainThread();
const worker = new Worker(growAndMeasure, { eval: true, resourceLimits: { maxYoungGenerationSizeMb: 64 } });
worker.once('message', (workerMb: number) => {
  console.log(JSON.stringify({ main: mainMb, worker: workerMb, kept: kept.length }));
  void worker.terminate();
});
