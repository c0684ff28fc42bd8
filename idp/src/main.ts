// Entry point: `npm start -w idp`. Reads the environment (see README) and runs the idp until
// SIGINT/SIGTERM.
import { fileURLToPath } from 'node:url';
import { optionsFromEnv } from './config';
import { startIdp } from './server';

/** `<repo>/.data/idp`, found from this file's location so it does not depend on the working folder. */
const defaultDataDir = fileURLToPath(new URL('../../.data/idp', import.meta.url));

async function main(): Promise<void> {
  const options = optionsFromEnv(process.env, defaultDataDir);
  const idp = await startIdp(options);
  console.log(`idp listening on ${idp.url}`);
  if (idp.issuer !== `${idp.url}/`) console.log(`idp issuer ${idp.issuer}`);
  console.log(
    idp.config.production
      ? `idp data in ${idp.config.dataDir}; production: no dev mailbox, no demo user`
      : `idp data in ${idp.config.dataDir}; dev mailbox at ${idp.url}/dev/mailbox`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`idp received ${signal}, shutting down`);
    idp.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('idp failed to shut down cleanly', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error('idp failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
