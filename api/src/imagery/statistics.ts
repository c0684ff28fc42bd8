/** Summary figures of a set of pixel values (the legend's statistics and the stretch). */
export interface ValueSummary {
  count: number;
  min: number;
  mean: number;
  max: number;
  p2: number;
  p10: number;
  p90: number;
  p98: number;
}

/** The p-th percentile (0–100) of ascending values, interpolating linearly between ranks (numpy's default). */
export function percentile(sorted: Float32Array | Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const below = Math.floor(rank);
  const above = Math.min(sorted.length - 1, below + 1);
  const lower = sorted[below] as number;
  return lower + ((sorted[above] as number) - lower) * (rank - below);
}

/** The summary of `values` (all finite); null when there are none. Sorts `values` in place. */
export function summarise(values: Float32Array): ValueSummary | null {
  if (values.length === 0) return null;
  values.sort();
  let sum = 0;
  for (let i = 0; i < values.length; i += 1) sum += values[i] as number;
  return {
    count: values.length,
    min: values[0] as number,
    mean: sum / values.length,
    max: values[values.length - 1] as number,
    p2: percentile(values, 2),
    p10: percentile(values, 10),
    p90: percentile(values, 90),
    p98: percentile(values, 98),
  };
}

/** A growable Float32Array of values gathered from several reads. */
export class ValueCollector {
  private buffer = new Float32Array(4096);
  private length = 0;

  push(value: number): void {
    if (this.length === this.buffer.length) {
      const bigger = new Float32Array(this.buffer.length * 2);
      bigger.set(this.buffer);
      this.buffer = bigger;
    }
    this.buffer[this.length] = value;
    this.length += 1;
  }

  values(): Float32Array {
    return this.buffer.subarray(0, this.length);
  }
}
