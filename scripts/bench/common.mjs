// What the benchmark sections share: browser flags, sign-in, the composed stack, table printing.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { demoUser, repoRoot, startStack, urls } from '../lib/stack.mjs';

export { repoRoot, urls };

/** Runs the api's benchmark `api/src/bench/<file>` in its own process (through tsx); the JSON it prints. */
export function runApiBench(file) {
  const out = execSync(`node --import tsx src/bench/${file}`, {
    cwd: join(repoRoot, 'api'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(out.slice(out.indexOf('{')));
}

export const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const launchArgs = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export async function signIn(page) {
  await page.goto(`${urls.host}/`);
  await page.getByLabel('Email').fill(demoUser.email);
  await page.getByLabel('Password').fill(demoUser.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('nav[aria-label="Main"]').waitFor();
}

/** A call to the API as the signed-in user (`authorization` from captureToken); its JSON answer. */
export async function callApi(authorization, method, path, body) {
  const response = await fetch(`${urls.api}/v2/${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} v2/${path} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  return response.json();
}

/** The bearer token the app sends to the API, read off its first API request. */
export function captureToken(page) {
  return new Promise((resolve) => {
    const onRequest = async (request) => {
      if (!request.url().startsWith(urls.api)) return;
      const authorization = (await request.allHeaders()).authorization;
      if (!authorization) return;
      page.off('request', onRequest);
      resolve(authorization);
    };
    page.on('request', onRequest);
  });
}

/** Every distinct script the page receives (a URL fetched twice counts once). */
export function collectScripts(page) {
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

/** Installs `debianPackage` when `command` is missing; a failed install leaves the section to say what it could not measure. */
export function ensureCommand(command, debianPackage, purpose) {
  try {
    execSync(`command -v ${command}`, { stdio: 'ignore' });
  } catch {
    console.log(`Installing ${debianPackage} from Debian packages ${purpose}…`);
    try {
      execSync(`apt-get install -y -qq ${debianPackage}`, { stdio: 'ignore' });
    } catch {
      // The section reports the figure as not measured.
    }
  }
}

/** wrk (Debian's package) generates HTTP load without taking the cores the server needs. */
export function ensureWrk() {
  ensureCommand('wrk', 'wrk', 'for the HTTP load (falls back to a node loop if that fails)');
}


let built = false;
/** Builds every workspace once per bench run (sections that need dist folders call it). */
export function buildOnce() {
  // PADDOCK_BENCH_SKIP_BUILD=1 uses the dist folders as they are (already built from this tree).
  if (built || process.env.PADDOCK_BENCH_SKIP_BUILD) return;
  console.log('Building…');
  execSync('npx turbo run build --output-logs=errors-only', { cwd: repoRoot, stdio: 'inherit' });
  built = true;
}

/** Runs `fn({ stack, browser })` against a freshly started composed system on a temporary data folder. */
export async function withStackAndBrowser(fn) {
  buildOnce();
  const dataDir = mkdtempSync(join(tmpdir(), 'paddock-bench-'));
  const stack = await startStack({ dataDir, log: () => {} });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: launchArgs });
  try {
    return await fn({ stack, browser });
  } finally {
    await browser.close();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints `[figure, value, goal]` rows under a title, aligned. */
export function printRows(title, rows) {
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${title}`);
  for (const [name, value, goal] of rows) console.log(`  ${name.padEnd(width)}  ${value}${goal ? `  (goal: ${goal})` : ''}`);
}
