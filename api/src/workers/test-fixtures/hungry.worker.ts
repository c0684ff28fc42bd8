/**
 * A worker for the pool's test of lost threads: the first `dieFirst` attempts (counted across threads
 * in a shared buffer) allocate until the thread's heap limit ends it; the next answers.
 */
export default function hungry({ dieFirst, counter }: { dieFirst: number; counter: SharedArrayBuffer }): {
  attempt: number;
} {
  const attempt = Atomics.add(new Int32Array(counter), 0, 1);
  if (attempt < dieFirst) {
    const hog: number[][] = [];
    for (;;) hog.push(new Array<number>(1_000_000).fill(attempt));
  }
  return { attempt };
}
