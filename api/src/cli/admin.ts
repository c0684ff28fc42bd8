import { runAdminCli } from './admin-lib';

// `npm run admin -w api -- --email demo@paddock.example --tier premium --flag algorithm:ndre=on`
runAdminCli(process.argv.slice(2), process.env, { log: console.log, error: console.error }).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('admin failed:', error);
    process.exitCode = 1;
  },
);
