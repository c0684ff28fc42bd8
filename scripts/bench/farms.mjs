// GET v2/farms under load on PGlite and PostgreSQL beside raw pg running the same SQL.
import { execSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureWrk, repoRoot } from './common.mjs';

/** The farm-list benchmark (api/src/bench/farmList.ts) in its own process, as JSON. */
export function measure() {
  ensureWrk();
  console.log('Farm list: seeding 1,000 farms and 20,000 fields on PGlite and PostgreSQL, then loading…');
  const out = execSync('node --import tsx src/bench/farmList.ts', { cwd: join(repoRoot, 'api'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.slice(out.indexOf('{')));
}

const fmtLoad = (r) => (r ? `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s` : 'not measured');


export function report(farmList) {
  const { pglite, postgres, rawPg, loadGenerator, concurrency } = farmList;
  const ratio = postgres && rawPg ? (postgres.rps / rawPg.rps).toFixed(2) : 'n/a';
  console.log(`\nGET v2/farms, page of 10, sorted, with a search, concurrency ${concurrency}, 1,000 farms / 20,000 fields (load: ${loadGenerator})`);
  console.log(`  api on PGlite       ${fmtLoad(pglite)}`);
  console.log(`  api on PostgreSQL   ${fmtLoad(postgres)}   (goal: p95 ≤ 25 ms)`);
  console.log(`  raw pg, same SQL    ${fmtLoad(rawPg)}`);
  console.log(`  api / raw throughput on PostgreSQL: ${ratio}×   (goal: ≥ 0.5×)`);
  if (farmList.note) console.log(`  ${farmList.note}`);
}

