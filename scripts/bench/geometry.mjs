// Field-boundary checks: the costliest valid boundary (a 10,000-position comb whose edges all span the
// same longitudes) checked in process beside turf's kinks, and /health while ten of them are POSTed and
// while 40 detailed circles (15 MB) are imported.
import { execSync } from 'node:child_process';
import { repoRoot, runApiBench } from './common.mjs';

/** The geometry benchmark (api/src/bench/geometry.ts) in its own process, as JSON. */
export function measure() {
  // The bench loads the compiled api (what `npm start` runs), built from the current source.
  execSync('npm run build -w api', { cwd: repoRoot, stdio: 'ignore' });
  console.log(
    'Geometry: checking a 10,000-position comb, then POSTing ten of them at a time while polling /health (api on PGlite)…',
  );
  return runApiBench('geometry.ts');
}

const fmtLatencies = (l) => `p99 ${l.p99} ms, p50 ${l.p50} ms, max ${l.max} ms over ${l.requests} requests`;

export function report(geometry) {
  const { positions, checkMs, turfKinksMs, post, healthIdle, healthDuringPosts, circles } = geometry;
  console.log(
    `\nField boundary checks, comb of ${positions.toLocaleString('en-AU')} positions (every edge spanning the same longitudes)`,
  );
  console.log(
    `  api check (crossings, holes, ellipsoidal area)   median ${checkMs.median} ms, best ${checkMs.best} ms   (goal: ≤ 100 ms; turf and the old sweep: about 1 s)`,
  );
  console.log(`  turf kinks on the same ring (reference)          ${turfKinksMs ?? '> 60,000'} ms`);
  if (geometry.threeCombs) {
    const three = geometry.threeCombs;
    console.log(
      `  POST of three combs, first large request         ${three.ms} ms, answered ${three.status} (single check above: median ${checkMs.median} ms); /health meanwhile ${fmtLatencies(three.health)}   (goal: 201 within 2 s, /health p99 ≤ 20 ms)`,
    );
  }
  console.log(
    `  POST of ten combs (${post.megabytes} MB)                    median ${post.medianMs} ms, answered ${post.status}`,
  );
  console.log(`  /health idle                                     ${fmtLatencies(healthIdle)}`);
  console.log(
    `  /health while ten combs are POSTed               ${fmtLatencies(healthDuringPosts)}   (goal: p99 ≤ 50 ms)`,
  );
  if (circles)
    console.log(
      `  import of ${circles.fields} circles (${circles.megabytes} MB)               ${circles.ms} ms, answered ${circles.status}; /health meanwhile ${fmtLatencies(circles.health)}   (goal: p99 ≤ 50 ms)`,
    );
}
