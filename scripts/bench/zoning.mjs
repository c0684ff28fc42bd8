// GET v2/zoning/zones on three paddocks just under 800 ha at 5 m (about 320,000 pixels each), 3 and 5 zones,
// cold and warm, beside a Python reference pipeline (numpy + rasterio) on the same index rasters, run in turn.
import { execSync } from 'node:child_process';
import { ensureCommand, repoRoot, runApiBench } from './common.mjs';

/** The zoning benchmark (api/src/bench/zoning.ts) in its own process, as JSON. */
export function measure() {
  ensureCommand('/usr/bin/python3', 'python3', 'for the reference pipeline');
  try {
    execSync('/usr/bin/python3 -c "import rasterio, numpy"', { stdio: 'ignore' });
  } catch {
    console.log('Installing python3-rasterio from Debian packages for the reference pipeline…');
    execSync('apt-get install -y -qq python3-rasterio', { stdio: 'ignore' });
  }
  // The bench times the compiled api (what `npm start` runs), built from the current source.
  execSync('npm run build -w api', { cwd: repoRoot, stdio: 'ignore' });
  console.log(
    process.env.PADDOCK_BENCH_ZONING === 'productivity'
      ? 'Zoning: productivity zones of an 800 ha paddock over three seasons only (PADDOCK_BENCH_ZONING=productivity)…'
      : 'Zoning: three 800 ha paddocks at 5 m, 3 and 5 zones, then productivity zones over three seasons, through the api (PGlite) and the references in turn…',
  );
  return runApiBench('zoning.ts');
}

const quality = (run) =>
  `${run.zones} zones, ${run.polygons} polygons, ${run.slivers} slivers, ${run.areaHa} ha, variance reduction ${run.varianceReduction}`;

/** Productivity zones (issue 26): ~800 ha over three seasons, beside the numpy reference. */
function reportProductivity(p) {
  if (!p) return;
  console.log(
    `\nProductivity zones (GET v2/zoning/zones?source=seasons): ${p.areaHa} ha over seasons ${p.seasons.join(', ')} at ${p.resolutionM} m, ${p.captures} captures (${p.capturesUsed} at least half clear), ${p.pixels.toLocaleString('en-AU')} pixels per capture:`,
  );
  console.log(`  api cold (HTTP, every capture read, standardised, averaged, zoned)   p50 ${p.cold.p50} ms   p95 ${p.cold.p95} ms   (${p.cold.runs} runs)`);
  console.log(
    `    of which in the workers (thread time, seasons read in parallel): reading the captures p50 ${p.imageryRead.p50} ms; standardise, mean and zoning p50 ${p.standardiseAndZone.p50} ms (p95 ${p.standardiseAndZone.p95} ms)`,
  );
  console.log(
    `  reference (numpy standardise-and-mean + k-means/rasterio zoning, rasters in memory, nice +10)   p50 ${p.reference.p50} ms   p95 ${p.reference.p95} ms   (standardise-and-mean ${p.referenceMean} ms)`,
  );
  console.log(
    `  engine step / reference p50: ${(p.standardiseAndZone.p50 / p.reference.p50).toFixed(2)}×   (goal: api p50 ≤ 3000 ms and ≤ 1.5×; the api's figure includes reading every capture from the simulated source, the reference's does not)`,
  );
  const r = p.referenceFigures;
  console.log(
    `  api: ${p.api.zones} zones, ${p.api.polygons} polygons, variance reduction ${p.api.varianceReduction}; reference: ${r?.zones} zones, ${r?.polygons} polygons, variance reduction ${r?.varianceReduction} (difference ${r ? Math.abs(r.varianceReduction - p.api.varianceReduction).toFixed(4) : '–'}, goal ≤ 0.01); ${r?.capturesUsed} captures used; productivity rasters differ by at most ${r?.maxRasterDifference?.toExponential(2)}`,
  );
}

export function report(zoning) {
  const { paddocks, api, reference, health } = zoning;
  reportProductivity(zoning.productivity);
  if (Object.keys(api).length > 0) console.log(
    `\nGET v2/zoning/zones on ${paddocks.length} paddocks at 5 m, each zoned in turn by the api and then by the reference (capture ${zoning.captureDate}, at most ${zoning.cloudPercent} % cloud):`,
  );
  if (Object.keys(api).length > 0) paddocks.forEach((paddock, index) =>
    console.log(
      `  paddock ${index + 1}: ${paddock.areaHa} ha, ${paddock.insidePixels.toLocaleString('en-AU')} pixels in the field, ${paddock.pixels.toLocaleString('en-AU')} in its window; minimum zone ${paddock.minZoneHa} ha, sliver < ${paddock.sliverHa} ha`,
    ),
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
    ours.paddocks.forEach((figures, index) => {
      console.log(`    paddock ${index + 1}  api:       ${quality(figures)}`);
      console.log(`               reference: ${quality(theirs.paddocks[index])}`);
    });
  }
  console.log(
    `  /health while zoning requests were in flight: p99 ${health.p99} ms, p50 ${health.p50} ms, max ${health.max} ms over ${health.requests} requests   (goal: p99 ≤ 20 ms)`,
  );
}
