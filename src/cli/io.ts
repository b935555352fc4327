import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Config, DatabaseConfig } from '../config.js';
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

/** The database a command works on, as told to the operator: an absolute SQLite path, a PostgreSQL URL without its password. */
export function describeDatabase(database: DatabaseConfig): string {
  if (database.kind === 'sqlite') return database.path === ':memory:' ? 'sqlite::memory:' : `sqlite:${resolve(database.path)}`;
  try {
    const url = new URL(database.url);
    url.password = '';
    // libpq and node-postgres also take the password as a query parameter.
    for (const key of [...url.searchParams.keys()]) if (key.toLowerCase() === 'password') url.searchParams.delete(key);
    return url.href;
  } catch {
    return 'postgres://…';
  }
}

/**
 * Says on a terminal's stderr which database a command uses, or refuses (exit 2) an SQLite file
 * that is not there unless the command makes one (`create`: imports, `owner add`, `restore`).
 * Any other command run without the server's DATABASE_URL made an empty ./data/vitrine.db and
 * reported, truthfully, that it held nothing. Returns null when the command may go on.
 */
export function checkDatabase(ctx: Pick<CommandContext, 'config' | 'io'>, options: { create?: boolean } = {}): ExitCode | null {
  const { config, io } = ctx;
  const described = describeDatabase(config.database);
  if (config.database.kind === 'sqlite' && config.database.path !== ':memory:' && !options.create && !existsSync(config.database.path)) {
    io.stderr.write(`vitrine: there is no database at ${described}; set DATABASE_URL to the one the server uses (the server makes its database when it first starts)\n`);
    return 2;
  }
  // For the person at a terminal; a script's stderr stays quiet on success.
  if ((io.stderr as { isTTY?: boolean }).isTTY) io.stderr.write(`database: ${described}\n`);
  return null;
}

/** Runs `run` with the configured database (checked by checkDatabase), migrated, and closes it afterwards. */
export async function withStore(ctx: Pick<CommandContext, 'config' | 'io'>, run: (store: Store) => Promise<ExitCode>, options: { create?: boolean } = {}): Promise<ExitCode> {
  const refused = checkDatabase(ctx, options);
  if (refused !== null) return refused;
  const store = createStore(ctx.config.database);
  try {
    await store.migrate();
    return await run(store);
  } finally {
    await store.close();
  }
}
