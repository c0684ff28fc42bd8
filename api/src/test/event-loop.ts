/** Test helper: how long the event loop went without a turn while some work ran. */

/**
 * Longest wait between two turns of the event loop while `work` runs, how many turns it took, and how
 * long `work` took (ms). Tests assert on `turns` where they can: a count does not depend on how busy the
 * machine is, a gap does.
 */
export async function eventLoopGaps(
  work: () => Promise<unknown>,
): Promise<{ maxGapMs: number; turns: number; workMs: number }> {
  let maxGapMs = 0;
  let turns = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
    turns += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  const started = performance.now();
  try {
    await work();
  } finally {
    running = false;
    tick(); // the wait since the last turn counts too (an in-thread statement allows none before it ends)
  }
  return { maxGapMs, turns, workMs: performance.now() - started };
}
