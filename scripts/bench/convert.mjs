// POST v2/convert on a generated 100,000-polygon shapefile (over 50 MB) beside ogr2ogr on the same file.
import { ensureCommand, runApiBench } from './common.mjs';

/** The convert benchmark (api/src/bench/convert.ts) in its own process, as JSON. */
export function measure() {
  ensureCommand('ogr2ogr', 'gdal-bin', 'for the ogr2ogr comparison');
  ensureCommand('/usr/bin/time', 'time', 'to measure ogr2ogr’s memory');
  console.log('Convert: generating a shapefile of 100,000 polygons, then converting it with ogr2ogr and with the api (PGlite, PostgreSQL)…');
  return runApiBench('convert.ts');
}

const fmtRun = (run) => (run ? `${run.seconds} s, ${run.featuresPerSecond.toLocaleString('en-AU')} features/s, peak RSS ${run.peakMb} MB` : 'not measured');
const fmtApi = (run) => (run ? `${fmtRun(run)} (idle ${run.idleMb} MB before the upload; converting raised it by at most ${run.addedMb} MB; answer ${run.responseMb} MB)` : 'not measured');

export function report(convert) {
  const { inputMb, features, pglite, postgres, ogr2ogr, notes } = convert;
  const budget = Math.round(inputMb * 2 * 10) / 10;
  const ratio = (run) => (run && ogr2ogr ? `${(run.featuresPerSecond / ogr2ogr.featuresPerSecond).toFixed(2)}×` : 'n/a');
  console.log(`\nPOST v2/convert, shapefile of ${features.toLocaleString('en-AU')} polygons, ${inputMb} MB (.shp + .shx + .dbf + .prj), answer streamed and read to the end`);
  console.log(`  ogr2ogr -f GeoJSON    ${fmtRun(ogr2ogr)}`);
  console.log(`  api on PGlite         ${fmtApi(pglite)}`);
  console.log(`  api on PostgreSQL     ${fmtApi(postgres)}`);
  console.log(`  throughput vs ogr2ogr: PGlite ${ratio(pglite)}, PostgreSQL ${ratio(postgres)}   (goal: ≥ 0.5×)`);
  console.log(`  memory added by converting: PGlite +${pglite?.addedMb ?? 'n/a'} MB, PostgreSQL +${postgres?.addedMb ?? 'n/a'} MB   (goal: ≤ 2× input = ${budget} MB)`);
  console.log('  (the api process holds Fastify, tsx and, on PGlite, an in-process WASM Postgres before any upload: its idle RSS is not part of the conversion)');
  for (const note of notes ?? []) console.log(`  ${note}`);
}
