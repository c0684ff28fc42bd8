import { getPriority } from 'node:os';
import { WORKER_NICE_INCREMENT, createWorkerPool } from './pool';

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
