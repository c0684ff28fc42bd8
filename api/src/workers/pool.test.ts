import { createWorkerPool } from './pool';

describe('createWorkerPool', () => {
  it('runs a TypeScript worker module off the main thread and returns its answer', async () => {
    const pool = createWorkerPool({ module: new URL('./test-fixtures/echo.worker.ts', import.meta.url), maxThreads: 1 });
    try {
      const answer = (await pool.run({ text: 'paddock' })) as { upper: string; isMainThread: boolean };
      expect(answer).toEqual({ upper: 'PADDOCK', isMainThread: false });
    } finally {
      await pool.destroy();
    }
  });
});
