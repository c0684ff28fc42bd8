// GET v2/zoning/zones on a paddock just under 800 ha at 5 m (about 320,000 pixels), 3 and 5 zones, cold
// and warm, beside a Python reference pipeline (numpy + rasterio) on the same index raster.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureCommand, repoRoot } from './common.mjs';

/** The zoning benchmark (api/src/bench/zoning.ts) in its own process, as JSON. */
export function measure() {
  ensureCommand('/usr/bin/python3', 'python3', 'for the reference pipeline');
  try {
    execSync('/usr/bin/python3 -c "import rasterio, numpy"', { stdio: 'ignore' });
  } catch {
    console.log('Installing python3-rasterio from Debian packages for the reference pipeline…');
    execSync('apt-get install -y -qq python3-rasterio', { stdio: 'ignore' });
  }
  console.log('Zoning: an 800 ha paddock at 5 m, 3 and 5 zones, through the api (PGlite) and the rasterio reference…');
  const out = execSync('node --import tsx src/bench/zoning.ts', {
    cwd: join(repoRoot, 'api'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.slice(out.indexOf('{')));
}

const quality = (run) =>
  `${run.zones} zones, ${run.polygons} polygons, ${run.slivers} slivers, ${run.areaHa} ha, variance reduction ${run.varianceReduction}`;

export function report(zoning) {
  const { field, api, reference, health } = zoning;
  console.log(
    `\nGET v2/zoning/zones, ${field.areaHa} ha paddock at 5 m (${field.insidePixels.toLocaleString('en-AU')} pixels in the field, ${field.pixels.toLocaleString('en-AU')} in its window), capture ${field.captureDate} (${field.cloudPercent} % cloud); minimum zone ${zoning.minZoneHa} ha, sliver < ${zoning.sliverHa} ha`,
  );
  for (const zones of Object.keys(api)) {
    const ours = api[zones];
    const theirs = reference[zones];
    console.log(`  ${zones} zones`);
    console.log(
      `    api cold (HTTP, imagery read, zoning)   p50 ${ours.cold.p50} ms   p95 ${ours.cold.p95} ms   (${ours.cold.runs} runs)`,
    );
    console.log(
      `    api warm (cached answer)                p50 ${ours.warm.p50} ms   p95 ${ours.warm.p95} ms   (${ours.warm.runs} runs)`,
    );
    console.log(
      `    reference (numpy + rasterio, nice +10)   p50 ${theirs.p50} ms   p95 ${theirs.p95} ms   (${theirs.runs} runs)`,
    );
    console.log(
      `      of which in the worker: index raster read p50 ${ours.imageryRead.p50} ms, zoning it p50 ${ours.zoningStep.p50} ms (p95 ${ours.zoningStep.p95} ms)`,
    );
    console.log(
      `    api cold request / reference p50: ${(ours.cold.p50 / theirs.p50).toFixed(2)}×; zoning step / reference (same raster in memory): ${(ours.zoningStep.p50 / theirs.p50).toFixed(2)}×   (goal: api p50 ≤ 2000 ms and ≤ 1.5×)`,
    );
    console.log(`    api:       ${quality(ours)}`);
    console.log(`    reference: ${quality(theirs)}`);
  }
  console.log(
    `  /health during the cold runs: p99 ${health.p99} ms, p50 ${health.p50} ms, max ${health.max} ms over ${health.requests} requests   (goal: p99 ≤ 20 ms)`,
  );
}
