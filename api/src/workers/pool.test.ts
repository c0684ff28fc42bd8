import { getPriority } from 'node:os';
import { HttpError } from '../errors';
import {
  WORKER_LOST_MESSAGE,
  WORKER_NICE_INCREMENT,
  createWorkerPool,
  isWorkerLost,
  runSurvivingWorkerLoss,
} from './pool';

describe('createWorkerPool', () => {
  it('runs a TypeScript worker module off the main thread, below the event loop priority, and returns its answer', async () => {
    const pool = createWorkerPool({
      module: new URL('./test-fixtures/echo.worker.ts', import.meta.url),
      maxThreads: 1,
    });
    try {
      const answer = (await pool.run({ text: 'paddock' })) as { upper: string; isMainThread: boolean; nice: number };
      // Relative to the process's own nice value (the test may itself run under `nice`); Linux caps it at 19.
      const expectedNice = Math.min(19, getPriority() + WORKER_NICE_INCREMENT);
      expect(answer).toEqual({ upper: 'PADDOCK', isMainThread: false, nice: expectedNice });
    } finally {
      await pool.destroy();
    }
  });
});

describe('a worker module that cannot load', () => {
  it('fails the task instead of leaving the caller waiting', async () => {
    const pool = createWorkerPool({ module: new URL('./test-fixtures/missing.worker.ts', import.meta.url) });
    try {
      // Unheard, the pool's 'error' event would end the process; with no thread, the task is failed.
      await expect(pool.run({})).rejects.toThrow();
    } finally {
      await pool.destroy().catch(() => undefined);
    }
  }, 30_000);
});

describe('runSurvivingWorkerLoss', () => {
  const hungryPool = () =>
    createWorkerPool({
      module: new URL('./test-fixtures/hungry.worker.ts', import.meta.url),
      maxThreads: 1,
      maxOldGenerationSizeMb: 24,
      maxYoungGenerationSizeMb: 4,
    });
  const counter = () => new SharedArrayBuffer(4);

  it('gives the answer of a fresh thread when the first ran out of memory under the task', async () => {
    const pool = hungryPool();
    try {
      const shared = counter();
      // Without the retry the caller gets the lost thread's error (what a tile route answered as 500).
      const firstError = await pool.run({ dieFirst: 1, counter: shared }).then(
        () => null,
        (error: unknown) => error,
      );
      expect(isWorkerLost(firstError)).toBe(true);
      const again = counter();
      await expect(runSurvivingWorkerLoss(pool, { dieFirst: 1, counter: again })).resolves.toEqual({ attempt: 1 });
      expect(new Int32Array(again)[0]).toBe(2);
    } finally {
      await pool.destroy();
    }
  }, 60_000);

  it('answers 503 in words, not the thread’s error, when the thread is lost again; a task that throws is not retried', async () => {
    const pool = hungryPool();
    try {
      const shared = counter();
      const lost = runSurvivingWorkerLoss(pool, { dieFirst: 5, counter: shared });
      await expect(lost).rejects.toBeInstanceOf(HttpError);
      await expect(lost).rejects.toMatchObject({ statusCode: 503, detail: WORKER_LOST_MESSAGE });
      expect(new Int32Array(shared)[0]).toBe(2);
      // A task's own error (here a payload without its counter) is the caller's to see, not a 503.
      await expect(runSurvivingWorkerLoss(pool, { dieFirst: 0, counter: null })).rejects.toThrow(
        'Invalid atomic access index',
      );
    } finally {
      await pool.destroy();
    }
  }, 60_000);
});
