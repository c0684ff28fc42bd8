import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A command-line mistake: the command prints it with its usage and exits 2. */
export class UsageError extends Error {}

/** node's parseArgs, strict, with its complaints turned into UsageErrors. */
export function parseCommandLine<O extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
