/** Lets the event loop answer other requests (e.g. /health) between two slices of a big piece of work. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The longest one slice of long work holds the event loop before letting other requests in (ms). */
export const TURN_MS = 4;

/** The clock of long work done in slices: whether its slice is spent, and a turn of the loop that starts the next. */
export interface LoopTurns {
  /** True once this slice has held the event loop for its time. */
  due(): boolean;
  /** Lets the loop turn, then starts the next slice's clock. */
  turn(): Promise<void>;
}

/**
 * Slices of `ms` for work that checks `due()` often (every few hundred elements): each slice holds
 * the event loop about as long, whether the code is still cold (interpreted, on a process's first
 * large request) or optimised, where a fixed count of elements per slice is right for only one of them.
 */
export function loopTurns(ms = TURN_MS): LoopTurns {
  let started = performance.now();
  return {
    due: () => performance.now() - started >= ms,
    turn: async () => {
      await yieldToLoop();
      started = performance.now();
    },
  };
}
