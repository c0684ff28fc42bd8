import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { API_NODE_FLAGS } from '../node-flags.mjs';

/** The young generation (MB) of the api's main thread and of a worker asking for 64 MB, as launched. */
function youngGenerations(...args: string[]): { main: number; worker: number } {
  const out = execFileSync(
    process.execPath,
    [...API_NODE_FLAGS, '--import', 'tsx', join(__dirname, 'young-generation.probe.ts'), ...args],
    { encoding: 'utf8', cwd: join(__dirname, '..') },
  );
  return JSON.parse(out.trim().split('\n').pop() as string) as { main: number; worker: number };
}

describe('the young-generation cap of the api process', () => {
  it('holds for the main thread, while a worker keeps the young generation it asks for', () => {
    const { main, worker } = youngGenerations();
    // Two semi-spaces of at most 2 MB each.
    expect(main).toBeLessThanOrEqual(4);
    expect(worker).toBeGreaterThan(16);
  });

  it('would cap every worker too, were it not confined to the main thread', () => {
    expect(youngGenerations('keep-cap-everywhere').worker).toBeLessThanOrEqual(4);
  });
});
