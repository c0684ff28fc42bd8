import { Piscina } from 'piscina';
import { ForegroundFirstQueue, asBackgroundTask, createWorkerPool } from './pool';

type QueuedTask = Parameters<ForegroundFirstQueue['push']>[0];

/** A queued task as piscina hands it to the queue: its queue options under the piscina symbol. */
const queued = (name: string, background = false): QueuedTask & { name: string } => {
  const payload = { name };
  const task = background ? asBackgroundTask(payload) : payload;
  return Object.assign(task, {
    [Piscina.queueOptionsSymbol]: (task as Record<symbol, unknown>)[Piscina.queueOptionsSymbol] ?? null,
  }) as unknown as QueuedTask & { name: string };
};

describe('the worker pools’ task queue', () => {
  it('hands out every waiting foreground task before any background one, each kind in arrival order', () => {
    const queue = new ForegroundFirstQueue();
    for (const task of [
      queued('base map tile 1', true),
      queued('base map tile 2', true),
      queued('catalog'),
      queued('thumbnail', true),
      queued('field tile'),
    ])
      queue.push(task);
    expect(queue.size).toBe(5);
    const order: string[] = [];
    for (let task = queue.shift(); task; task = queue.shift()) order.push((task as QueuedTask & { name: string }).name);
    expect(order).toEqual(['catalog', 'field tile', 'base map tile 1', 'base map tile 2', 'thumbnail']);
    expect(queue.size).toBe(0);
  });

  it('removes an aborted task from the queue it waits in', () => {
    const queue = new ForegroundFirstQueue();
    const tile = queued('base map tile', true);
    const catalog = queued('catalog');
    queue.push(tile);
    queue.push(catalog);
    queue.remove(tile);
    expect(queue.size).toBe(1);
    expect(queue.shift()).toBe(catalog);
    expect(queue.shift()).toBeNull();
  });

  it('treats removing a task that no longer waits as done, as piscina expects of an abort', () => {
    const queue = new ForegroundFirstQueue();
    const tile = queued('base map tile', true);
    queue.push(tile);
    expect(queue.shift()).toBe(tile);
    expect(() => queue.remove(tile)).not.toThrow();
    expect(() => queue.remove(queued('never queued'))).not.toThrow();
    expect(queue.size).toBe(0);
  });

  it('removes a background task whose queue options piscina has already cleared', () => {
    const queue = new ForegroundFirstQueue();
    const tile = queued('base map tile', true);
    queue.push(tile);
    Object.assign(tile, { [Piscina.queueOptionsSymbol]: null });
    queue.remove(tile);
    expect(queue.size).toBe(0);
  });

  it('a real pool survives aborting running and waiting tasks of both kinds, and runs the next one', async () => {
    const pool = createWorkerPool({
      module: new URL('./test-fixtures/busy.worker.ts', import.meta.url),
      maxThreads: 1,
    });
    try {
      const controller = new AbortController();
      const aborted = [
        pool.run({ name: 'running', ms: 500 }, { signal: controller.signal }),
        pool.run(asBackgroundTask({ name: 'waiting tile', ms: 10 }), { signal: controller.signal }),
        pool.run({ name: 'waiting catalog', ms: 10 }, { signal: controller.signal }),
      ];
      controller.abort();
      const outcomes = await Promise.allSettled(aborted);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
      await expect(pool.run({ name: 'after', ms: 10 })).resolves.toBe('after');
    } finally {
      await pool.destroy();
    }
  });

  it('runs background work through a real pool: a foreground task queued later overtakes it', async () => {
    const pool = createWorkerPool({
      module: new URL('./test-fixtures/busy.worker.ts', import.meta.url),
      maxThreads: 1,
    });
    const finished: string[] = [];
    const track = (promise: Promise<unknown>) => promise.then((name) => finished.push(name as string));
    try {
      const all = [
        track(pool.run({ name: 'first', ms: 200 })), // takes the only thread at once
        track(pool.run(asBackgroundTask({ name: 'base map', ms: 10 }))),
        track(pool.run({ name: 'catalog', ms: 10 })),
      ];
      await Promise.all(all);
      expect(finished).toEqual(['first', 'catalog', 'base map']);
    } finally {
      await pool.destroy();
    }
  });
});
