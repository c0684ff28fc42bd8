import { fileURLToPath } from 'node:url';
import { runSeedCli } from './seed-lib';

// `npm run seed -w api -- --email bench@paddock.example --farms 1000 --fields 20 [--database-url ...]`
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

runSeedCli(process.argv.slice(2), process.env, { log: console.log, error: console.error }, apiRoot).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('seed failed:', error);
    process.exitCode = 1;
  },
);
