#!/usr/bin/env node
// `npm run bench`: performance figures, printed as a table and written to bench/results.json.
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoUser, ports, repoRoot, startStack, urls } from './lib/stack.mjs';

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

// Each renderer (react-dom copy) registers itself with the devtools hook; count them.
const countRenderers = () => {
  window.__paddockRenderers = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false, supportsFiber: true, renderers: new Map(),
    inject() { window.__paddockRenderers += 1; return window.__paddockRenderers; },
    onCommitFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, checkDCE() {},
  };
};
// Records when the nav bar first appears, relative to navigation start.
const watchNav = () => {
  const seen = () => document.querySelector('nav[aria-label="Main"]');
  new MutationObserver((_, observer) => {
    if (seen() && window.__paddockNavAt === undefined) { window.__paddockNavAt = performance.now(); observer.disconnect(); }
  }).observe(document, { childList: true, subtree: true });
};

async function signIn(page) {
  await page.goto(`${urls.host}/`);
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password').fill(demoUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('nav[aria-label="Main"]').waitFor();
}

/** Every distinct script the page receives (a URL fetched twice counts once). */
function collectScripts(page) {
  const scripts = [];
  const seen = new Set();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || seen.has(response.url())) return;
    seen.add(response.url());
    try {
      const body = await response.body();
      scripts.push({ url: response.url(), raw: body.length, gzip: gzipSync(body).length, text: body.toString('utf8') });
    } catch { /* redirected or aborted */ }
  });
  return scripts;
}

/** wrk (Debian's package) generates HTTP load without taking the cores the server needs. */
function ensureWrk() {
  try {
    execSync('command -v wrk', { stdio: 'ignore' });
  } catch {
    console.log('Installing wrk from Debian packages for the HTTP load (falls back to a node loop if that fails)…');
    try {
      execSync('apt-get install -y -qq wrk', { stdio: 'ignore' });
    } catch {
      // The farm-list bench then measures with its node load loop and says so.
    }
  }
}

/** The farm-list benchmark (api/src/bench/farmList.ts) in its own process, as JSON. */
function benchFarmList() {
  ensureWrk();
  console.log('Farm list: seeding 1,000 farms and 20,000 fields on PGlite and PostgreSQL, then loading…');
  const out = execSync('node --import tsx src/bench/farmList.ts', { cwd: join(repoRoot, 'api'), encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(out.slice(out.indexOf('{')));
}

const fmtLoad = (r) => (r ? `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps} req/s` : 'not measured');

async function main() {
  const only = process.argv[2];
  if (only === 'farms') {
    const farmList = benchFarmList();
    printFarmList(farmList);
    return;
  }
  console.log('Building…');
  execSync('npx turbo run build --output-logs=errors-only', { cwd: repoRoot, stdio: 'inherit' });
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-bench-'));
  const stack = await startStack({ dataDir, log: () => {} });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
  const results = {};
  try {
    // Sign in once and keep the session so later loads measure the app, not the sign-in page.
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page);
    const storageState = await context.storageState();
    await context.close();

    // 1. What the shell loads before any remote: a path no area owns mounts none.
    {
      const ctx = await browser.newContext({ storageState });
      const p = await ctx.newPage();
      const scripts = collectScripts(p);
      await p.goto(`${urls.host}/bench-no-area`);
      await p.getByRole('heading', { name: 'Error 404' }).waitFor();
      await p.waitForLoadState('networkidle');
      const shell = scripts.filter((s) => s.url.startsWith(urls.host));
      const foreign = scripts.filter((s) => !s.url.startsWith(urls.host));
      results.shellGzipKB = kb(shell.reduce((sum, s) => sum + s.gzip, 0));
      results.shellScripts = shell.length;
      results.shellFiles = Object.fromEntries(shell.map((s) => [new URL(s.url).pathname, kb(s.gzip)]));
      results.remoteScriptsBeforeAnyArea = foreign.length;
      await ctx.close();
    }

    // 2. Each remoteEntry, gzipped.
    results.remoteEntryGzipKB = {};
    for (const [remote, dir] of Object.entries({ mf_farms: 'mf-farms', mf_map: 'mf-map', mf_commerce: 'mf-commerce', mf_account: 'mf-account' })) {
      results.remoteEntryGzipKB[remote] = kb(gzipSync(readFileSync(join(repoRoot, dir, 'dist', 'remoteEntry.js'))).length);
    }

    // 3. React copies on one page that visits every area.
    {
      const ctx = await browser.newContext({ storageState });
      await ctx.addInitScript(countRenderers);
      const p = await ctx.newPage();
      const scripts = collectScripts(p);
      await p.goto(`${urls.host}/dashboard`);
      for (const [label, heading] of [['Farms', 'Farms & Fields'], ['Orders', 'Orders'], ['Store', 'Store'], ['Home', 'Dashboard']]) {
        await p.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
        await p.getByRole('heading', { name: heading, level: 1 }).waitFor();
      }
      // In-app navigation (no reload), as a user would reach the map.
      await p.evaluate(() => {
        window.history.pushState(null, '', '/farms/bench-farm');
        window.dispatchEvent(new PopStateEvent('popstate'));
      });
      await p.getByRole('heading', { name: 'Farm map', level: 1 }).waitFor();
      await p.waitForLoadState('networkidle');
      const defining = scripts.filter((s) => /\.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=/.test(s.text));
      results.reactCopies = defining.length;
      results.reactDomRenderers = await p.evaluate(() => window.__paddockRenderers);
      results.reactCopyOrigins = defining.map((s) => new URL(s.url).port);
      await ctx.close();
    }

    // 4. Cold load: navigation to nav bar visible, fresh cache each time.
    {
      const samples = [];
      for (let i = 0; i < 7; i++) {
        const ctx = await browser.newContext({ storageState });
        await ctx.addInitScript(watchNav);
        const p = await ctx.newPage();
        await p.goto(`${urls.host}/farms`);
        await p.locator('nav[aria-label="Main"]').waitFor();
        samples.push(await p.evaluate(() => window.__paddockNavAt));
        await ctx.close();
      }
      results.coldNavVisibleMs = { median: Math.round(median(samples)), min: Math.round(Math.min(...samples)), max: Math.round(Math.max(...samples)), runs: samples.length };
    }
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  results.farmList = benchFarmList();

  const rows = [
    ['Shell JS before any remote (gzip)', `${results.shellGzipKB} KB in ${results.shellScripts} files`, '≤ 170 KB'],
    ...Object.entries(results.remoteEntryGzipKB).map(([remote, size]) => [`${remote} remoteEntry.js (gzip)`, `${size} KB`, '≤ 10 KB']),
    ['React copies on a page (all areas visited)', `${results.reactCopies} (react-dom renderers: ${results.reactDomRenderers})`, '1'],
    ['Cold load: navigation → nav bar visible', `${results.coldNavVisibleMs.median} ms median (min ${results.coldNavVisibleMs.min}, max ${results.coldNavVisibleMs.max}, ${results.coldNavVisibleMs.runs} runs)`, 'report'],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${'figure'.padEnd(width)}  value  (budget)`);
  for (const [name, value, budget] of rows) console.log(`${name.padEnd(width)}  ${value}  (${budget})`);
  printFarmList(results.farmList);
  mkdirSync(join(repoRoot, 'bench'), { recursive: true });
  writeFileSync(join(repoRoot, 'bench', 'results.json'), JSON.stringify({ measuredAt: new Date().toISOString(), ports, ...results }, null, 2));
  console.log('\nwritten to bench/results.json');
}

function printFarmList(farmList) {
  const { pglite, postgres, rawPg, loadGenerator, concurrency } = farmList;
  const ratio = postgres && rawPg ? (postgres.rps / rawPg.rps).toFixed(2) : 'n/a';
  console.log(`\nGET v2/farms, page of 10, sorted, with a search, concurrency ${concurrency}, 1,000 farms / 20,000 fields (load: ${loadGenerator})`);
  console.log(`  api on PGlite       ${fmtLoad(pglite)}`);
  console.log(`  api on PostgreSQL   ${fmtLoad(postgres)}   (goal: p95 ≤ 25 ms)`);
  console.log(`  raw pg, same SQL    ${fmtLoad(rawPg)}`);
  console.log(`  api / raw throughput on PostgreSQL: ${ratio}×   (goal: ≥ 0.5×)`);
  if (farmList.note) console.log(`  ${farmList.note}`);
}

await main();
