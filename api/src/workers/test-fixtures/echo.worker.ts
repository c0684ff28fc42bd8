import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** This thread's nice value: field 19 of /proc/thread-self/stat (the name in field 2 may hold spaces). */
function threadNice(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** A worker for the pool's own test: typed input, typed output, proves it ran in a thread and at what priority. */
export default function echo({ text }: { text: string }): { upper: string; isMainThread: boolean; nice: number } {
  return { upper: text.toUpperCase(), isMainThread, nice: threadNice() };
}
