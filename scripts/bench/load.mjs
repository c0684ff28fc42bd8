// A small closed-loop load generator: `concurrency` workers each run requests back to back until
// `total` have completed. Latency is measured per request; throughput over the whole run.
import { performance } from 'node:perf_hooks';

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
