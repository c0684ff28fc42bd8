// A short-lived process that creates or migrates an embedded database, then exits: see
// `migrateEmbeddedDatabase` in ./index. Argument: the data folder. Exit code 0 when the schema is up to
// date; otherwise 1, with the reason as the last line on stderr.
import { migrateEmbeddedDatabaseHere } from './index';

const dataDir = process.argv[2];
if (!dataDir) {
  process.stderr.write('usage: pglite-migrate.process <data folder>\n');
  process.exit(2);
}
migrateEmbeddedDatabaseHere(dataDir).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
