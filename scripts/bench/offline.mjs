// The service worker (host/src/sw): what keeping API answers for offline use costs the worker's own
// thread per API read, with a few answers kept and with thousands (a farmer who has opened many
// paddocks' tiles and made farms available offline). The worker's CPU is read off a Chrome trace:
// the time of every task on its thread, divided by the reads.
import { captureToken, printRows, signIn, urls, withStackAndBrowser } from './common.mjs';

/** Answers kept before the first measurement, and before the second. */
const FEW = 100;
const MANY = 3000;
/** Reads measured at each size; each is a new answer, written to the cache as the app's reads are. */
const READS = 300;
/** Reads in flight at once, as a map's tiles are fetched. */
const CONCURRENCY = 6;

/** In the page: `count` distinct API reads through the service worker, `concurrency` at a time. */
async function readThroughWorker({ api, authorization, from, count, concurrency }) {
  let next = from;
  const end = from + count;
  const worker = async () => {
    while (next < end) {
      const i = next++;
      const response = await fetch(`${api}/v2/farms/crop_types/list?bench=${i}`, { headers: { authorization } });
      if (!response.ok) throw new Error(`read ${i} answered ${response.status}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** The page's worker has stored every answer read so far (its writes finish after the page has its answer). */
async function waitForCache(page, expected) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const kept = await page.evaluate(async () => (await (await caches.open('paddock-api-v1')).keys()).length);
    if (kept >= expected) return kept;
    if (Date.now() > deadline) throw new Error(`the worker kept ${kept} of ${expected} answers`);
    await page.waitForTimeout(250);
  }
}

/** CPU ms of the service worker's thread (the sum of its top-level tasks) in a Chrome trace. */
function workerThreadMs(trace) {
  const events = JSON.parse(trace.toString('utf8')).traceEvents;
  const workerThreads = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && /ServiceWorker/i.test(e.args?.name ?? ''))
      .map((e) => `${e.pid}:${e.tid}`),
  );
  let micros = 0;
  for (const e of events) {
    if (e.ph !== 'X' || !workerThreads.has(`${e.pid}:${e.tid}`)) continue;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
    micros += e.tdur ?? e.dur ?? 0;
  }
  return micros / 1000;
}

export async function measure() {
  return withStackAndBrowser(async ({ browser }) => {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    const token = captureToken(page);
    await signIn(page);
    const authorization = await token;
    // The first visit installs the worker; from the next one it controls the page.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    const keptBefore = await waitForCache(page, 0);

    const read = (from, count) =>
      page.evaluate(readThroughWorker, { api: urls.api, authorization, from, count, concurrency: CONCURRENCY });
    const measureAt = async (from) => {
      await browser.startTracing(undefined, { categories: ['toplevel', 'disabled-by-default-devtools.timeline'] });
      const started = Date.now();
      await read(from, READS);
      const kept = await waitForCache(page, keptBefore + from + READS);
      const wallMs = Date.now() - started;
      const workerMs = workerThreadMs(await browser.stopTracing());
      return { kept, wallMs, workerMsPerRead: Math.round((workerMs / READS) * 100) / 100 };
    };

    await read(0, FEW);
    await waitForCache(page, keptBefore + FEW);
    const few = await measureAt(FEW);
    const fillFrom = FEW + READS;
    const fillStarted = Date.now();
    await read(fillFrom, MANY - fillFrom);
    await waitForCache(page, keptBefore + MANY);
    const fillMs = Date.now() - fillStarted;
    const many = await measureAt(MANY);
    await context.close();
    return {
      reads: READS,
      concurrency: CONCURRENCY,
      few,
      many,
      fillMsPerRead: Math.round(((fillMs / (MANY - fillFrom)) * 100)) / 100,
      growth: Math.round((many.workerMsPerRead / few.workerMsPerRead) * 100) / 100,
    };
  });
}

export function report(r) {
  printRows(`Service worker: CPU of its thread per API read kept for offline use (${r.reads} reads, ${r.concurrency} at a time)`, [
    [`with ${r.few.kept} answers kept`, `${r.few.workerMsPerRead} ms per read (${r.few.wallMs} ms for all)`],
    [`with ${r.many.kept} answers kept`, `${r.many.workerMsPerRead} ms per read (${r.many.wallMs} ms for all)`],
    ['growth, many ÷ few', `${r.growth}×`, '≤ 1.5×: a read costs the same whatever the cache holds'],
    ['filling the cache', `${r.fillMsPerRead} ms per read, wall`],
  ]);
}
