// Shell and remotes: what the shell loads before any remote, remoteEntry sizes, React copies, cold load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { collectScripts, kb, median, printRows, repoRoot, signIn, urls, withStackAndBrowser } from './common.mjs';

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

export async function measure() {
  const results = {};
  await withStackAndBrowser(async ({ browser }) => {
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
      // One origin: the remotes' files are the ones under /remotes/.
      const isShell = (s) => s.url.startsWith(urls.host) && !s.url.startsWith(`${urls.host}/remotes/`);
      const shell = scripts.filter(isShell);
      const foreign = scripts.filter((s) => !isShell(s));
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
      await p.getByRole('heading', { name: 'Farm not found', level: 1 }).waitFor();
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
  });
  return results;

}

export function report(results) {
  const rows = [
    ['Shell JS before any remote (gzip)', `${results.shellGzipKB} KB in ${results.shellScripts} files`, '≤ 170 KB'],
    ...Object.entries(results.remoteEntryGzipKB).map(([remote, size]) => [`${remote} remoteEntry.js (gzip)`, `${size} KB`, '≤ 10 KB']),
    ['React copies on a page (all areas visited)', `${results.reactCopies} (react-dom renderers: ${results.reactDomRenderers})`, '1'],
    ['Cold load: navigation → nav bar visible', `${results.coldNavVisibleMs.median} ms median (min ${results.coldNavVisibleMs.min}, max ${results.coldNavVisibleMs.max}, ${results.coldNavVisibleMs.runs} runs)`, ''],
  ];
  printRows('Shell and remotes', rows);
}
