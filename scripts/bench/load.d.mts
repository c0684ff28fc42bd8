// Types of load.mjs for the TypeScript benches (api/src/bench) that drive it.

/** What one closed-loop run measured: latencies in ms, throughput in requests per second. */
export interface LoadResult {
  requests: number;
  failures: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

/** The value at percentile `p` (0–100) of ascending `sorted` values; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number;

/** `concurrency` workers run requests back to back until `total` have completed. */
export function runLoad(options: {
  concurrency: number;
  total: number;
  run: (i: number) => Promise<void>;
}): Promise<LoadResult>;

/** CPU time (user + system, ms) process `pid` (or its thread `thread`) has used; null when it is gone. */
export function cpuMs(pid: number, thread?: number | null): number | null;
