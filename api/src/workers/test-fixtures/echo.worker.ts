import { isMainThread } from 'node:worker_threads';

/** A worker for the pool's own test: typed input, typed output, proves it ran in a thread. */
export default function echo({ text }: { text: string }): { upper: string; isMainThread: boolean } {
  return { upper: text.toUpperCase(), isMainThread };
}
