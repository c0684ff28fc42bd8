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

/** Where a command prints: stdout and stderr in the real CLI, arrays in tests. */
export interface CliIo {
  log(message: string): void;
  error(message: string): void;
}

/**
 * The command `parse` reads from `argv`, or the exit code when there is nothing to run: 0 after
 * printing the usage (`parse` answers null for --help), 2 after printing a mistake with the usage.
 */
export function readCommand<C extends object>(
  argv: string[],
  parse: (argv: string[]) => C | null,
  usage: string,
  io: CliIo,
): C | { exitCode: number } {
  let command: C | null;
  try {
    command = parse(argv);
  } catch (error) {
    io.error(`${(error as Error).message}\n\n${usage}`);
    return { exitCode: 2 };
  }
  if (!command) {
    io.log(usage);
    return { exitCode: 0 };
  }
  return command;
}
