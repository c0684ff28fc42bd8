import { Migrator, type Kysely, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { migrations } from './migrations';

/** Migrations are compiled into the app (no directory scanning), so they work the same under tsx and jest. */
const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run on every start. Throws with the failing migration's name. */
export async function migrateToLatest<DB>(db: Kysely<DB>, schema?: string): Promise<MigrationResultSet> {
  // Parallel branches take migration numbers from reserved ranges, so a data folder may already hold a later
  // number than a new migration's: it still runs (each migration stands alone).
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const resultSet = await migrator.migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((result) => result.status === 'Error');
    const cause = resultSet.error instanceof Error ? resultSet.error : new Error(String(resultSet.error));
    throw new Error(`Database migration ${failed ? `"${failed.migrationName}" ` : ''}failed: ${cause.message}`, {
      cause,
    });
  }
  return resultSet;
}
