import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina, type TaskQueue } from 'piscina';
import { HttpError } from '../errors';

/**
 * One place that starts worker-thread pools for heavy work (file conversion, raster reads, tiles,
 * zoning) so it never runs on the event loop. A worker module written in TypeScript is loaded through
 * tsx, the same loader the api itself runs with (`node --import tsx`); tests under jest get it too.
 */
export interface WorkerPoolOptions {
  /** The worker module, e.g. `new URL('./convert.worker.ts', import.meta.url)`. Its default export handles one task. */
  module: URL;
  /** Upper bound on threads; defaults to the cores the machine offers, at least 1. */
  maxThreads?: number;
  /** Per-worker heap limit, so one runaway task cannot take the process down with it. */
  maxOldGenerationSizeMb?: number;
  /**
   * Per-worker young generation. Tasks that allocate many short-lived objects (zoning's rings and
   * positions) spend less time in scavenges, and promote less, with more room than V8's default.
   */
  maxYoungGenerationSizeMb?: number;
  /** Threads kept alive while idle, so the first task after a quiet spell does not pay a thread start. */
  minThreads?: number;
  /**
   * Tasks one thread works on at once. Above 1 only for tasks that wait on I/O (e.g. COG range
   * reads over HTTP), so one task's compute overlaps another's wait.
   */
  concurrentTasksPerWorker?: number;
}

/** Queue options of a task (`task[Piscina.queueOptionsSymbol]`): background tasks wait for every other one. */
export interface TaskQueueOptions {
  background?: boolean;
}

/**
 * Marks a task payload as background work (base-map tiles, list thumbnails): it runs only when no
 * foreground task (the catalog, statistics, the field's own tiles) is waiting, so decoration never
 * delays what the farmer asked for. The symbol key is not cloned to the worker.
 */
export function asBackgroundTask<T extends object>(task: T): T {
  return Object.assign(task, { [Piscina.queueOptionsSymbol]: { background: true } satisfies TaskQueueOptions });
}

type QueuedTask = Parameters<TaskQueue['push']>[0];

/**
 * Two FIFO queues: foreground tasks first, background tasks when no foreground task waits.
 * `remove` is idempotent and looks in both queues: piscina calls it when a task's AbortSignal fires,
 * which can happen after the task has left the queue (or in the skip queue), and a dispatched task's
 * queue options read as null once piscina has released its payload.
 */
export class ForegroundFirstQueue implements TaskQueue {
  private readonly foreground: QueuedTask[] = [];
  private readonly background: QueuedTask[] = [];

  get size(): number {
    return this.foreground.length + this.background.length;
  }

  push(task: QueuedTask): void {
    this.queueOf(task).push(task);
  }

  unshift(task: QueuedTask): void {
    this.queueOf(task).unshift(task);
  }

  shift(): QueuedTask | null {
    return this.foreground.shift() ?? this.background.shift() ?? null;
  }

  remove(task: QueuedTask): void {
    for (const queue of [this.foreground, this.background]) {
      const index = queue.indexOf(task);
      if (index !== -1) queue.splice(index, 1);
    }
  }

  private queueOf(task: QueuedTask): QueuedTask[] {
    const options = task[Piscina.queueOptionsSymbol as keyof QueuedTask] as TaskQueueOptions | null;
    return options?.background ? this.background : this.foreground;
  }
}

/**
 * Workers run at a lower CPU priority than the event loop (Linux applies nice per thread). When
 * heavy work fills every core, requests such as /health and the database calls that feed the
 * workers still get the CPU promptly; when the event loop is idle the workers lose nothing.
 */
export const WORKER_NICE_INCREMENT = 10;

/**
 * The worker module at `path` (relative to src/, no extension): the TypeScript source under tsx and
 * jest, or its compiled twin in dist/ (api/build.mjs builds each worker as an entry of its own).
 */
export function workerModule(path: string): URL {
  const here = fileURLToPath(import.meta.url);
  let root = dirname(here);
  while (basename(root) !== 'src' && basename(root) !== 'dist' && dirname(root) !== root) root = dirname(root);
  const compiled = basename(root) === 'dist';
  return pathToFileURL(join(root, `${path}${compiled ? '.js' : '.ts'}`));
}

export function createWorkerPool({
  module,
  maxThreads,
  maxOldGenerationSizeMb,
  maxYoungGenerationSizeMb,
  minThreads = 0,
  concurrentTasksPerWorker = 1,
}: WorkerPoolOptions): Piscina {
  const filename = fileURLToPath(module);
  const pool = new Piscina({
    filename,
    minThreads,
    niceIncrement: WORKER_NICE_INCREMENT,
    concurrentTasksPerWorker,
    maxThreads: maxThreads ?? Math.max(1, availableParallelism()),
    idleTimeout: 30_000,
    execArgv: filename.endsWith('.ts') ? ['--import', 'tsx'] : [],
    resourceLimits: { maxOldGenerationSizeMb, maxYoungGenerationSizeMb },
    // geotiff's `web-worker` dependency destructures worker_threads.workerData when loaded in a
    // worker thread; piscina leaves it undefined, which fails the whole worker module's import.
    workerData: {},
    taskQueue: new ForegroundFirstQueue(),
  });
  // A task's failure reaches its caller; piscina emits 'error' instead when a thread fails with no
  // task of its own, e.g. a worker module that cannot load. Unheard, that event would end the api.
  // With no thread left to run anything, the tasks queued would wait for good: the pool is let go,
  // which rejects them.
  pool.on('error', (error: unknown) => {
    process.emitWarning(`worker pool ${basename(filename)}: ${error instanceof Error ? error.message : String(error)}`);
    if (pool.threads.length === 0) void pool.destroy();
  });
  return pool;
}

/** What a caller is told when a task's thread was lost twice (e.g. its heap limit reached under a burst). */
export const WORKER_LOST_MESSAGE = 'Paddock is busy with other maps right now. Please try again in a moment.';

/**
 * Whether a task failed because its thread ended under it (its heap limit reached, or the thread
 * exited), not because the task itself threw: such a task may well succeed on a fresh thread.
 * Errors from a worker thread belong to another realm: look at the code and the message.
 */
export function isWorkerLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') return true;
  return typeof message === 'string' && /worker (thread )?(exited|terminated)|terminating worker thread/i.test(message);
}

/**
 * Runs a task on the pool; when its thread is lost under it, once more on a fresh thread (piscina
 * starts one), and when that is lost too, a 503 with words for the person waiting instead of a 500.
 * A task that throws, or one whose caller gave up (aborted), is not run again.
 */
export async function runSurvivingWorkerLoss<T>(
  pool: Piscina,
  task: object,
  options: { signal?: AbortSignal } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await pool.run(task, options.signal ? { signal: options.signal } : {})) as T;
    } catch (error) {
      if (!isWorkerLost(error) || options.signal?.aborted) throw error;
      if (attempt >= 1) throw new HttpError(503, WORKER_LOST_MESSAGE, { 'Retry-After': '5' });
    }
  }
}
