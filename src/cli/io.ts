import type { Config } from '../config.js';
import type { Clock, Random } from '../lib/clock.js';
import { createStore } from '../store/create-store.js';
import type { Store } from '../store/ports/index.js';

export interface CliIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  clock?: Clock;
  random?: Random;
}

/** Exit codes: 0 done, 1 the command failed (e.g. invalid records), 2 bad usage or configuration. */
export type ExitCode = 0 | 1 | 2;

/** What a command gets: its arguments after the command name(s), the configuration and the io. */
export interface CommandContext {
  args: readonly string[];
  config: Config;
  io: CliIo;
  clock: Clock;
  random: Random;
}

/** Thrown for bad usage: the dispatcher prints the message and the usage, and exits 2. */
export class UsageError extends Error {}

/** Runs `run` with the configured database, migrated, and closes it afterwards. */
export async function withStore(config: Config, run: (store: Store) => Promise<ExitCode>): Promise<ExitCode> {
  const store = createStore(config.database);
  try {
    await store.migrate();
    return await run(store);
  } finally {
    await store.close();
  }
}
