import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupSqlite, holdsData, restoreSqlite, type DatabaseSummary } from '../../store/sqlite/backup.js';
import { checkDatabase, UsageError, type CommandContext, type ExitCode } from '../io.js';

export const BACKUP_USAGE = `  backup FILE                 copy the SQLite database to FILE while the server runs (a consistent snapshot)
  restore FILE [--force]      replace the SQLite database with the backup FILE; --force to overwrite
                              a database that holds data (stop the server first)`;

const POSTGRES_HINT = {
  backup: 'on PostgreSQL use pg_dump: pg_dump --format=custom --file=FILE "$DATABASE_URL" (docs/operations.md, "Backup and restore")',
  restore: 'on PostgreSQL use pg_restore into an empty database: pg_restore --no-owner --dbname="$DATABASE_URL" FILE (docs/operations.md, "Backup and restore")',
};

function describe(summary: DatabaseSummary): string {
  const { projects, inquiries, clients, credentials } = summary.counts;
  return `${summary.pages} pages: ${projects} projects, ${inquiries} inquiries, ${clients} clients, ${credentials} credentials`;
}

/** The SQLite file the configured database lives in, or null (after saying why) when there is none. */
function sqlitePath(ctx: CommandContext, command: 'backup' | 'restore'): string | null {
  const { database } = ctx.config;
  if (database.kind === 'postgres') {
    ctx.io.stderr.write(`vitrine ${command}: ${POSTGRES_HINT[command]}\n`);
    return null;
  }
  if (database.path === ':memory:') {
    ctx.io.stderr.write(`vitrine ${command}: DATABASE_URL is sqlite::memory:, which no other process can read\n`);
    return null;
  }
  return database.path;
}

async function reported(ctx: CommandContext, command: string, work: () => Promise<string>): Promise<ExitCode> {
  try {
    ctx.io.stdout.write(`${await work()}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    ctx.io.stderr.write(`vitrine ${command}: ${error.message}\n`);
    return 1;
  }
}

/** `vitrine backup FILE`: an online copy through SQLite's backup API (store/sqlite/backup.ts). */
export async function backupCommand(ctx: CommandContext): Promise<ExitCode> {
  const { positionals } = parseArgs({ args: [...ctx.args], allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('backup needs exactly one FILE');
  const source = sqlitePath(ctx, 'backup');
  if (source === null) return 2;
  const refused = checkDatabase(ctx);
  if (refused !== null) return refused;
  const file = positionals[0]!;
  return reported(ctx, 'backup', async () => `backed up ${source} to ${file}: ${describe(await backupSqlite(source, file))}`);
}

/** `vitrine restore FILE [--force]`: refuses to overwrite a database that holds data unless forced. */
export async function restoreCommand(ctx: CommandContext): Promise<ExitCode> {
  const { values, positionals } = parseArgs({ args: [...ctx.args], allowPositionals: true, options: { force: { type: 'boolean' } } });
  if (positionals.length !== 1) throw new UsageError('restore needs exactly one FILE');
  const target = sqlitePath(ctx, 'restore');
  if (target === null) return 2;
  const file = positionals[0]!;
  if (resolve(file) === resolve(target)) throw new UsageError('the backup FILE is the configured database itself');
  checkDatabase(ctx, { create: true });
  if (!values.force && holdsData(target)) {
    ctx.io.stderr.write(`vitrine restore: ${target} already holds a database; stop the server and pass --force to replace it\n`);
    return 1;
  }
  mkdirSync(dirname(target), { recursive: true });
  return reported(ctx, 'restore', async () => `restored ${file} into ${target}: ${describe(await restoreSqlite(file, target))}`);
}
