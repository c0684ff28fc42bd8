// GET v2/farms under load on PGlite and PostgreSQL beside raw pg running the same SQL.
import { execSync } from 'node:child_process';
import { ensureWrk, repoRoot, runApiBench } from './common.mjs';

/** The farm-list benchmark (api/src/bench/farmList.ts) in its own process, as JSON. */
export function measure() {
  ensureWrk();
  // The bench loads the compiled api (what `npm start` runs), built from the current source.
  execSync('npm run build -w api', { cwd: repoRoot, stdio: 'ignore' });
  console.log('Farm list: seeding a 1,000-farm account (20,000 fields) and a 10-farm one on PGlite and PostgreSQL, then loading…');
  return runApiBench('farmList.ts');
}

const fmtCpu = (cpu) =>
  cpu ? `; CPU/request ${cpu.process} ms${cpu.postgres === null ? '' : ` + PostgreSQL ${cpu.postgres} ms`}` : '';
const fmtLoad = (r) => (r ? `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s${fmtCpu(r.cpu)}` : 'not measured');
/** CPU per request of a measured side, its process and its PostgreSQL backends together. */
const cpuTotal = (r) => (r?.cpu ? r.cpu.process + (r.cpu.postgres ?? 0) : null);
/** `a` ÷ `b` as a printed ratio. */
const ratioOf = (a, b) => (a !== null && b !== null && a !== undefined && b !== undefined && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');


const times = (ratios) => ratios.map((x) => `${x.toFixed(2)}×`).join(', ');

/** The growth comparison of one backend: both accounts on pages of ten farms, and p95 big ÷ small. */
function reportGrowth(label, growth) {
  if (!growth) return;
  console.log(`    ${label}: api p95 1,000 ÷ 10 farms ${growth.apiMedian.toFixed(2)}× (median of ${growth.apiRatios.length} rounds, the accounts in turn: ${times(growth.apiRatios)})   (goal: ≤ 1.5×)`);
  console.log(`      1,000 farms ${fmtLoad(growth.big.api)}`);
  console.log(`      10 farms    ${fmtLoad(growth.small.api)}`);
  if (growth.rawMedian !== null) {
    console.log(`      raw pg, same SQL: p95 1,000 ÷ 10 farms ${growth.rawMedian.toFixed(2)}× (rounds ${times(growth.rawRatios)}); 1,000 farms ${fmtLoad(growth.big.raw)}; 10 farms ${fmtLoad(growth.small.raw)}`);
  }
}

export function report(farmList) {
  const { pglite, postgres, rawPg, loadGenerator, concurrency } = farmList;
  // api and raw pg are loaded in turn, several rounds: the median of the rounds' ratios.
  const ratio = farmList.apiOverRaw
    ? farmList.apiOverRaw.median.toFixed(2)
    : postgres && rawPg
      ? (postgres.rps / rawPg.rps).toFixed(2)
      : 'n/a';
  const rounds = (r) => (r ? ` (median of ${r.rounds} rounds, api and raw pg in turn: ${times(r.ratios)})` : '');
  console.log(`\nGET v2/farms, page of 10, sorted, with a search, concurrency ${concurrency} (load: ${loadGenerator})`);
  console.log('  1,000-farm account (20,000 fields), pages 1 to 3 of eight searches, every sort:');
  console.log(`    api on PGlite       ${fmtLoad(pglite)}`);
  console.log(`    api on PostgreSQL   ${fmtLoad(postgres)}   (goal: p95 ≤ 25 ms)`);
  console.log(`    raw pg, same SQL    ${fmtLoad(rawPg)}`);
  if (farmList.bareHttp) console.log(`    bare Fastify + pg   ${fmtLoad(farmList.bareHttp)}   (same SQL; no auth, validation, Kysely or schema)`);
  console.log(`  api / raw throughput on PostgreSQL: ${ratio}×   (goal: ≥ 0.8×)${rounds(farmList.apiOverRaw)}`);
  if (farmList.apiOverBare) {
    // The floor any Node HTTP server has here: the part of the gap that is HTTP, not the api's own work.
    const bare = farmList.apiOverBare;
    const bareOverRaw = farmList.bareHttp && rawPg ? (farmList.bareHttp.rps / rawPg.rps).toFixed(2) : 'n/a';
    console.log(`    bare Fastify / raw pg: ${bareOverRaw}×; api / bare Fastify: ${bare.median.toFixed(2)}× (rounds ${times(bare.ratios)})`);
  }
  // The machine is shared: the CPU each side spent per request (process + PostgreSQL backends) is the
  // throughput ratio a CPU-bound run would show, without the neighbours' noise.
  console.log(`    by CPU per request (raw ÷ api): ${ratioOf(cpuTotal(rawPg), cpuTotal(postgres))}`);
  console.log(`  PGlite / PostgreSQL throughput: ${pglite && postgres ? (pglite.rps / postgres.rps).toFixed(2) : 'n/a'}×   (goal: ≥ 0.4×)`);
  console.log(`    by CPU per request (PostgreSQL ÷ PGlite): ${ratioOf(cpuTotal(postgres), cpuTotal(pglite))}`);
  const growth = farmList.growth ?? {};
  console.log(`  A page costs what it holds, 1,000 farms ÷ 10 farms (10-farm account, 200 fields), ${growth.pglite?.pages ?? ''}:`);
  reportGrowth('PostgreSQL', growth.postgres);
  reportGrowth('PGlite', growth.pglite);
  if (farmList.note) console.log(`  ${farmList.note}`);
}

