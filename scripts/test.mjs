#!/usr/bin/env node
// `npm test`: lint, type-check, unit/component/API suites (jest, per workspace), then the e2e suite
// in Chromium against the composed system. Ends with one 'N passed, N failed' line for CI.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/stack.mjs';

const workspaces = ['shared', 'idp', 'api', 'gateway', 'host', 'mf-farms', 'mf-map', 'mf-commerce', 'mf-account'];
const jestResult = (ws) => join(repoRoot, ws, 'test-results', 'jest.json');
const e2eResult = join(repoRoot, 'test-results', 'e2e.json');

const run = (command) => {
  try {
    execSync(command, { cwd: repoRoot, stdio: 'inherit' });
    return true;
  } catch {
    return false;
  }
};

// Each step's wall time, printed at the end: CI's budget is watched step by step.
const steps = [];
const step = (name, command) => {
  const started = Date.now();
  const ok = run(command);
  steps.push([name, ok, (Date.now() - started) / 1000]);
};

if (!existsSync(join(repoRoot, 'node_modules/.package-lock.json'))) run('npm install --no-audit --no-fund');
for (const ws of workspaces) {
  rmSync(jestResult(ws), { force: true });
  mkdirSync(join(repoRoot, ws, 'test-results'), { recursive: true });
}
rmSync(e2eResult, { force: true });

step('format', 'npx prettier --check . --log-level warn');
step('lint and types', 'npx turbo run lint typecheck --continue --output-logs=errors-only');
step(
  'unit, component and API',
  'npx turbo run test --continue --concurrency=2 -- --json --outputFile=test-results/jest.json',
);
step('build', 'npx turbo run build --output-logs=errors-only');
step('e2e', 'npm run e2e -w e2e');

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
