// A small closed-loop load generator: `concurrency` workers each run requests back to back until
// `total` have completed. Latency is measured per request; throughput over the whole run.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system, ms) a process has used, or one of its threads (Linux): on a shared
 * machine CPU per request compares two servers' work where wall-clock throughput also measures the
 * neighbours. Null when the process is gone (or not on Linux).
 */
export function cpuMs(pid, thread = null) {
  let stat;
  try {
    stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * @param {{ concurrency: number, total: number, run: (i: number) => Promise<void> }} options
 */
export async function runLoad({ concurrency, total, run }) {
  const latencies = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      try {
        await run(i);
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error('first failure:', error instanceof Error ? error.message : error);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 100) / 100;
  return {
    requests: total,
    failures,
    rps: Math.round(total / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
  };
}
