// Rapid-EM reservations: 100 customers racing for one machine's days, then 1,000 reservations over 20 machines.
import { runApiBench } from './common.mjs';

/** The bookings benchmark (api/src/bench/bookings.ts) in its own process, as JSON. */
export function measure() {
  console.log('Bookings: 100 concurrent overlapping reservations, then 1,000 over 20 machines (PostgreSQL and PGlite)…');
  return runApiBench('bookings.ts');
}

export function report(r) {
  for (const kind of ['postgres', 'pglite']) {
    const result = r[kind];
    if (!result) continue;
    const { race, spread } = result;
    console.log(`\nBookings on ${kind} (api over HTTP)`);
    console.log(
      `  ${race.requests} concurrent reservations of overlapping days, one machine: ${race.succeeded} succeeded, ${race.refusedWithMessage} got the message, ${race.errors} errors; p50 ${race.p50} ms, p95 ${race.p95} ms   (goal: exactly 1, 99, 0)`,
    );
    console.log(
      `  ${spread.requests} reservations over ${spread.machines} machines and a year at concurrency 16: ${JSON.stringify(spread.statuses)}, ${spread.activeReservations} held, ${spread.overlappingPairs} overlapping pairs by SQL, ${spread.errors} errors; ${spread.rps} req/s, p95 ${spread.p95} ms   (goal: 0 overlaps)`,
    );
  }
}
