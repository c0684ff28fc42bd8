// The engine's productivity step alone (issue 26 bench goal), for before/after comparisons on a loaded
// machine: the bench paddock (~795 ha at 25 m, seasons 2022–2024), every capture read once up front and
// served from memory, then per run the window sums (masking, standardising, summing), combining the
// windows and zoning with stability — what the zoning bench's "standardise, mean and zoning" counts.
// Reports process CPU time per run (not wall time: the machine is shared) less the CPU time of the same
// reads and band math done alone (the bench counts those as reading), p50 over the runs.
// Run: `cd api && node --import tsx src/bench/productivity-step.ts [runs]`.
import { SimulatedSource } from '../imagery/simulated';
import { algorithmBands, computeIndex } from '../imagery/indices';
import type { ImagerySource } from '../imagery/source';
import { zoningWindow } from '../imagery/zoning';
import { bboxOf } from '../geo/geometry';
import { combineWindows, windowsOf, windowSums, zoneProductivity } from '../imagery/zoning/productivity';
import { paddock } from './paddock';

/** The simulated source with every read kept: the step is measured without the source's band math. */
function memoised(source: ImagerySource): ImagerySource {
  const reads = new Map<string, ReturnType<ImagerySource['read']>>();
  const catalogs = new Map<string, ReturnType<ImagerySource['catalog']>>();
  return {
    ...source,
    catalog: (...args) => {
      const key = JSON.stringify(args);
      if (!catalogs.has(key)) catalogs.set(key, source.catalog(...args));
      return catalogs.get(key) as ReturnType<ImagerySource['catalog']>;
    },
    read: (...args) => {
      const key = `${args[1].date}:${args[1].id ?? ''}:${args[2].join(',')}`;
      if (!reads.has(key)) reads.set(key, source.read(...args));
      return reads.get(key) as ReturnType<ImagerySource['read']>;
    },
  } as ImagerySource;
}

async function main() {
  const runs = Number(process.argv[2] ?? 15);
  const geometry = paddock(795, [147.2, -35.05]);
  const field = { fieldId: 'bench', cropType: 'Wheat', geometry, bbox: bboxOf(geometry) };
  const source = memoised(new SimulatedSource());
  const today = new Date().toISOString().slice(0, 10);
  const windows = windowsOf(field, { kind: 'seasons', seasons: [2022, 2023, 2024], range: null, until: today });
  const metres = 25;
  const step = async () => {
    const sums = [];
    for (const window of windows) sums.push(await windowSums(source, field, window, 'NDVI', metres));
    const started = performance.now();
    const raster = combineWindows(field, metres, sums);
    const { zoning, stability } = await zoneProductivity(field, raster, 3, metres, Math.max(0.5, 0.01 * 795));
    // As the bench counts it: each window's compute time (its reads left out) plus combining and zoning.
    const engineMs = sums.reduce((total, part) => total + part.computeMs, 0) + performance.now() - started;
    return { raster, zoning, stability, engineMs };
  };
  // What the bench counts as reading (the source and its band math), done alone: subtracted from the step.
  const reads = async () => {
    for (const { from, to } of windows)
      for (const capture of await source.catalog([field], 'standard', { from, to }))
        computeIndex('NDVI', await source.read([field], capture, algorithmBands.NDVI, zoningWindow(field, metres)));
  };
  await step(); // fills the memo (reads not measured)
  for (let i = 0; i < 3; i += 1) {
    await step(); // JIT warm-up
    await reads();
  }
  const cpuOf = async (run: () => Promise<unknown>) => {
    const before = process.cpuUsage();
    await run();
    const used = process.cpuUsage(before);
    return (used.user + used.system) / 1000;
  };
  const cpu: number[] = [];
  const wall: number[] = [];
  let last = null as Awaited<ReturnType<typeof step>> | null;
  for (let i = 0; i < runs; i += 1) {
    const whole = await cpuOf(async () => {
      last = await step();
    });
    wall.push(last?.engineMs ?? 0);
    cpu.push(whole - (await cpuOf(reads)));
  }
  cpu.sort((a, b) => a - b);
  wall.sort((a, b) => a - b);
  let checksum = 0;
  for (let i = 0; i < (last?.raster.values.length ?? 0); i += 1) checksum += (last?.raster.values[i] ?? 0) * ((i % 97) + 1);
  console.log(
    JSON.stringify({
      runs,
      engineWallMsP50: Math.round((wall[Math.floor(runs / 2)] as number) * 10) / 10,
      engineWallMsMin: Math.round((wall[0] as number) * 10) / 10,
      engineCpuMsP50: Math.round((cpu[Math.floor(runs / 2)] as number) * 10) / 10,
      engineCpuMsMin: Math.round((cpu[0] as number) * 10) / 10,
      pixels: last?.raster.values.length,
      captures: last?.raster.captures.length,
      varianceReduction: last?.zoning.varianceReduction,
      breaks: last?.zoning.breaks,
      checksum,
      stability: last?.stability.zones,
    }),
  );
}

void main();
