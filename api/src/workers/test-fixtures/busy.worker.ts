/** Keeps its thread busy for `ms`, then answers the task's name (the pool's queue order test). */
export default function busy({ name, ms }: { name: string; ms: number }): string {
  const end = Date.now() + ms;
  while (Date.now() < end);
  return name;
}
