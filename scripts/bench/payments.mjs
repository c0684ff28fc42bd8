// Payments: idempotent confirmations, webhook deliveries with duplicates out of order, checkout to paid.
import { runApiBench } from './common.mjs';

/** The payments benchmark (api/src/bench/payments.ts) in its own process, as JSON. */
export function measure() {
  console.log('Payments: 50 concurrent confirmations, 1,000 webhook deliveries, 80 checkouts at concurrency 8, bursts of 20 book/subscribe/checkout…');
  return runApiBench('payments.ts');
}

export function report(r) {
  const { idempotency: i, webhooks: w, checkout: c } = r;
  console.log(`\nPayments (embedded test provider, api on ${r.database}, over HTTP)`);
  console.log(`  ${i.requests} concurrent confirmations, one idempotency key: ${i.chargesMade} charge(s) made, ${i.succeededAnswers} answers 'succeeded' with ${i.distinctCharges} distinct charge id   (goal: exactly 1 charge)`);
  console.log(`  ${w.deliveries} signed webhook deliveries (${w.uniqueEvents} events + ${w.duplicates} duplicates, shuffled): ${JSON.stringify(w.outcomes)}; ${w.paymentsPaid}/${w.payments} payments paid, ${w.ordersPlaced} orders placed, ${w.eventsRecorded} events recorded   (goal: each effect once)`);
  console.log(`    throughput ${w.rps} deliveries/s at concurrency 8, p50 ${w.p50} ms, p95 ${w.p95} ms`);
  console.log(`  checkout → confirm → webhook → paid, concurrency ${c.concurrency}: p50 ${c.p50} ms, p95 ${c.p95} ms (${c.checkouts} checkouts, ${c.failures} failures)`);
  for (const b of r.bursts ?? []) {
    console.log(`  burst: ${b.calls} simultaneous ${b.name}: answers ${JSON.stringify(b.statuses)}, ${b.clientSecrets} client secret(s), ${b.intents} intent(s), every secret confirmed with 4242 → ${b.chargesMade} charge(s) made in ${b.ms} ms   (goal: exactly 1 charge)`);
  }
}
