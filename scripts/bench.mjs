#!/usr/bin/env node
// `npm run bench [section…]`: performance figures, printed as tables and written to bench/results.json.
// Each section is a module in scripts/bench/ exporting `measure()` (returns JSON-able results) and
// `report(results)` (prints them with their goals). With no argument every section runs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ports, repoRoot } from './lib/stack.mjs';

const sections = [
  'shell',
  'farms',
  'map',
  'offline',
  'convert',
  'tiles',
  'geometry',
  'scale',
  'payments',
  'zoning',
  'bookings',
  'a11y',
];

async function main() {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !sections.includes(name));
  if (unknown.length) {
    console.error(`Unknown bench section: ${unknown.join(', ')}. Sections: ${sections.join(', ')}`);
    process.exit(2);
  }
  const chosen = asked.length ? asked : sections;
  const resultsFile = join(repoRoot, 'bench', 'results.json');
  // Running one section keeps the other sections' last figures in the file.
  const previous = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
  const measured = {};
  const failed = [];
  for (const name of chosen) {
    const section = await import(`./bench/${name}.mjs`);
    // One section that fails must not lose the figures of the others: it is named at the end instead.
    try {
      measured[name] = { measuredAt: new Date().toISOString(), ...(await section.measure()) };
    } catch (error) {
      console.error(`Bench section ${name} failed: ${error instanceof Error ? error.message : error}`);
      failed.push(name);
    }
  }
  for (const name of Object.keys(measured)) (await import(`./bench/${name}.mjs`)).report(measured[name]);
  mkdirSync(join(repoRoot, 'bench'), { recursive: true });
  writeFileSync(resultsFile, JSON.stringify({ ...previous, ports, ...measured }, null, 2));
  console.log('\nwritten to bench/results.json');
  if (failed.length) {
    console.error(`\nFailed sections (their last figures are kept in the file): ${failed.join(', ')}`);
    process.exitCode = 1;
  }
}

await main();
