// GET v2/farms under load on PGlite and PostgreSQL beside raw pg running the same SQL.
import { ensureWrk, runApiBench } from './common.mjs';

/** The farm-list benchmark (api/src/bench/farmList.ts) in its own process, as JSON. */
export function measure() {
  ensureWrk();
  console.log('Farm list: seeding a 1,000-farm account (20,000 fields) and a 10-farm one on PGlite and PostgreSQL, then loading…');
  return runApiBench('farmList.ts');
}

const fmtLoad = (r) => (r ? `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s` : 'not measured');


/** p95 of the 1,000-farm account ÷ p95 of the 10-farm one. */
const growth = (big, small) => (big && small ? `${(big.p95 / small.p95).toFixed(2)}×` : 'n/a');

export function report(farmList) {
  const { pglite, postgres, rawPg, loadGenerator, concurrency } = farmList;
  const small = farmList.small ?? {};
  const ratio = postgres && rawPg ? (postgres.rps / rawPg.rps).toFixed(2) : 'n/a';
  console.log(`\nGET v2/farms, page of 10, sorted, with a search, concurrency ${concurrency} (load: ${loadGenerator})`);
  console.log('  1,000-farm account (20,000 fields):');
  console.log(`    api on PGlite       ${fmtLoad(pglite)}`);
  console.log(`    api on PostgreSQL   ${fmtLoad(postgres)}   (goal: p95 ≤ 25 ms)`);
  console.log(`    raw pg, same SQL    ${fmtLoad(rawPg)}`);
  console.log('  10-farm account (200 fields), same databases:');
  console.log(`    api on PGlite       ${fmtLoad(small.pglite)}`);
  console.log(`    api on PostgreSQL   ${fmtLoad(small.postgres)}`);
  console.log(`    raw pg, same SQL    ${fmtLoad(small.rawPg)}`);
  console.log(
    `  p95 1,000 farms ÷ 10 farms: raw pg ${growth(rawPg, small.rawPg)}, api on PostgreSQL ${growth(postgres, small.postgres)}, api on PGlite ${growth(pglite, small.pglite)}   (goal: ≤ 1.5×)`,
  );
  console.log(`  api / raw throughput on PostgreSQL (1,000 farms): ${ratio}×   (goal: ≥ 0.8×)`);
  console.log(`  PGlite / PostgreSQL throughput (1,000 farms): ${pglite && postgres ? (pglite.rps / postgres.rps).toFixed(2) : 'n/a'}×   (goal: ≥ 0.4×)`);
  if (farmList.note) console.log(`  ${farmList.note}`);
}

