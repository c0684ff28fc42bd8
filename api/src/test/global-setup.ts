import { availableBackends, BACKENDS_ENV } from './backends';

/**
 * Runs once before the API suite: probes PostgreSQL at PG_TEST_URL (failing the run when CI is set and
 * it is unreachable) and leaves the answer in the environment every test file starts with.
 */
export default function globalSetup(): void {
  process.env[BACKENDS_ENV] = availableBackends().join(',');
}
