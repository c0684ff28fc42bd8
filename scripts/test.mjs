#!/usr/bin/env node
// `npm test`: lint, type-check, unit/component/API suites (jest, per workspace), then the e2e suite
// in Chromium against the composed system. Ends with one 'N passed, N failed' line for CI.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/stack.mjs';

const workspaces = ['shared', 'idp', 'api', 'gateway', 'host', 'mf-farms', 'mf-map', 'mf-commerce', 'mf-account'];
const jestResult = (ws) => join(repoRoot, ws, 'test-results', 'jest.json');
const e2eResult = join(repoRoot, 'test-results', 'e2e.json');

/** Runs `command` in the repository, its output on ours; resolves to whether it succeeded. */
const run = (command) =>
  new Promise((resolve) => {
    const child = spawn(command, { cwd: repoRoot, stdio: 'inherit', shell: true });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });

// Each step's wall time, printed at the end: CI's budget is watched step by step.
const steps = [];
const step = async (name, command) => {
  const started = Date.now();
  const ok = await run(command);
  steps.push([name, ok, (Date.now() - started) / 1000]);
};

if (!existsSync(join(repoRoot, 'node_modules/.package-lock.json')))
  execSync('npm install --no-audit --no-fund', { cwd: repoRoot, stdio: 'inherit' });
for (const ws of workspaces) {
  rmSync(jestResult(ws), { force: true });
  mkdirSync(join(repoRoot, ws, 'test-results'), { recursive: true });
}
rmSync(e2eResult, { force: true });

const jestJson = '-- --json --outputFile=test-results/jest.json';
// Two lanes side by side on the two cores, then e2e. The API suite is the longest step by far (it
// runs in band, on both databases): started first, on its own lane, it no longer waits for the rest.
// Left to turbo it was scheduled last, after every other workspace's tests, and CI waited for both.
// The other lane runs at a lower priority (nice): its compilers and suites have no time limits, and
// at equal priority they starved the API suite's budgeted tests (a zip bomb's 60 s) on two cores.
const background = (command) => `nice -n 10 ${command}`;
await Promise.all([
  step('API', `npx turbo run test --filter=@paddock/api ${jestJson}`),
  (async () => {
    await step('format', background('npx prettier --check . --log-level warn'));
    await step(
      'lint and types',
      background('npx turbo run lint typecheck --continue --concurrency=2 --output-logs=errors-only'),
    );
    await step(
      'unit and component',
      background(`npx turbo run test --filter=!@paddock/api --continue --concurrency=1 ${jestJson}`),
    );
    await step('build', background('npx turbo run build --output-logs=errors-only'));
  })(),
]);
await step('e2e', 'npm run e2e -w e2e');

let passed = 0;
let failed = 0;
for (const ws of workspaces) {
  if (!existsSync(jestResult(ws))) continue;
  const result = JSON.parse(readFileSync(jestResult(ws), 'utf8'));
  passed += result.numPassedTests;
  failed += result.numFailedTests;
}
if (existsSync(e2eResult)) {
  const { stats } = JSON.parse(readFileSync(e2eResult, 'utf8'));
  passed += stats.expected;
  failed += stats.unexpected + stats.flaky;
}

console.log(`\nSteps: ${steps.map(([name, , seconds]) => `${name} ${Math.round(seconds)} s`).join(', ')}`);
const failedSteps = steps.filter(([, ok]) => !ok).map(([name]) => name);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failedSteps.length || failed ? 1 : 0);
