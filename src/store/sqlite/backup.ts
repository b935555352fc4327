import { closeSync, existsSync, fsyncSync, linkSync, openSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateFile } from '../../lib/private-file.js';

/**
 * Online backup and restore of the embedded database through SQLite's backup API
 * (sqlite3_backup_*, https://sqlite.org/backup.html), which better-sqlite3 exposes as `.backup()`.
 *
 * The whole file is copied in one backup step: one step holds one read transaction on the
 * source, so the copy is the database as of one commit (in WAL mode the server keeps writing
 * meanwhile; its later commits are simply not in the copy). Copying in many small steps instead
 * would restart from the first page each time another process commits, and under steady writes
 * might never finish.
 */
const ALL_PAGES = 0x7fffffff;

export interface DatabaseSummary {
  /** pages copied */
  pages: number;
  /** rows per table that matters to an operator checking the copy */
  counts: { projects: number; inquiries: number; clients: number; credentials: number };
}

/** Why a file cannot be restored from, or null when it is a vitrine database that passes integrity_check. */
function checkVitrineDatabase(db: Database.Database): string | null {
  let integrity: unknown;
  try {
    integrity = db.pragma('integrity_check', { simple: true });
  } catch (error) {
    // SQLITE_NOTADB, SQLITE_CORRUPT: SQLite's own words say what is wrong with the file.
    return (error as Error).message;
  }
  if (integrity !== 'ok') return `integrity_check failed: ${String(integrity)}`;
  const migrations = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'vitrine_migrations'`).get() as { n: number };
  return migrations.n === 1 ? null : 'it is not a vitrine database (no vitrine_migrations table)';
}

function summarize(db: Database.Database, pages: number): DatabaseSummary {
  const count = (table: string) => (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { pages, counts: { projects: count('projects'), inquiries: count('inquiries'), clients: count('oauth_clients'), credentials: count('credentials') } };
}

export class BackupError extends Error {}

function openReadOnly(path: string, what: string): Database.Database {
  if (!existsSync(path)) throw new BackupError(`${what} ${path} does not exist`);
  const db = new Database(path, { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * One backup step from `db` into `file` (by default `destination`). better-sqlite3's and SQLite's
 * own errors name no file ("Cannot save backup because the directory does not exist", "unable
 * to open database file"): the message names `destination`, the file the operator asked for.
 */
async function copyInto(db: Database.Database, destination: string, file = destination): Promise<number> {
  const folder = dirname(destination);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new BackupError(`cannot write ${destination}: there is no folder ${folder}`);
  // A new copy is as private as the database (better-sqlite3 would make it with the umask's mode).
  const made = createPrivateFile(file);
  try {
    return (await db.backup(file, { progress: () => ALL_PAGES })).totalPages;
  } catch (error) {
    if (made) rmSync(file, { force: true });
    throw new BackupError(`cannot write ${destination}: ${(error as Error).message}`);
  }
}

/** fsync of a file or a folder, so what was written (or renamed) survives a power cut. */
function syncToDisk(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Gives the finished copy at `partial` the name `destination`, unless a file took that name
 * meanwhile. link(2) fails with EEXIST instead of replacing, which rename(2) would do silently;
 * a filesystem without hard links (FAT on a USB stick) gets a rename after one more look.
 */
function publish(partial: string, destination: string): void {
  try {
    linkSync(partial, destination);
    rmSync(partial);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw new BackupError(`cannot write ${destination}: ${(error as Error).message}`);
    if (code === 'EEXIST' || existsSync(destination)) throw new BackupError(`${destination} already exists; name a new file`);
    renameSync(partial, destination);
  }
  try {
    syncToDisk(dirname(destination));
  } catch {
    // Some network and FUSE filesystems cannot fsync a folder (EINVAL): the copy is complete and
    // named, and the name is as durable as that filesystem makes it.
  }
}

/**
 * Copies the live database at `source` to `destination` (which must not exist yet), then checks
 * the copy. The copy is written to `FILE.<pid>.partial` beside it and named `destination` only
 * once it is complete, checked and on disk: a backup that stops midway (killed, the machine
 * down, the check failing) leaves no `destination`, which a retry would refuse as existing and a
 * restore would take for a backup. A failure removes the partial file (better-sqlite3 itself
 * unlinks a new file its copy failed to fill); only a process that dies leaves it behind, and
 * the next backup into that folder removes it.
 */
export async function backupSqlite(source: string, destination: string): Promise<DatabaseSummary> {
  if (existsSync(destination)) throw new BackupError(`${destination} already exists; name a new file`);
  removeAbandonedCopies(dirname(destination));
  const partial = join(dirname(destination), `${basename(destination)}.${process.pid}.partial`);
  try {
    const db = openReadOnly(source, 'the database');
    let pages: number;
    try {
      pages = await copyInto(db, destination, partial);
    } finally {
      db.close();
    }
    const copy = openReadOnly(partial, 'the backup');
    let summary: DatabaseSummary;
    try {
      const problem = checkVitrineDatabase(copy);
      if (problem) throw new BackupError(`the copy is not usable: ${problem}`);
      summary = summarize(copy, pages);
    } finally {
      copy.close();
    }
    syncToDisk(partial);
    publish(partial, destination);
    return summary;
  } finally {
    // With the copy's journal, if a failure left one, and the empty -wal and -shm the read-only
    // check opened (the copy says WAL mode, as its source does; every page is in the file).
    for (const suffix of ['', '-journal', '-wal', '-shm']) rmSync(`${partial}${suffix}`, { force: true });
  }
}

/**
 * Removes the `FILE.<pid>.partial` copies (and their journals) that backups which died midway
 * left in `folder`: those whose process is gone. A copy still being written, by this process or
 * another, is left alone.
 */
function removeAbandonedCopies(folder: string): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = /\.(\d{1,10})\.partial(?:-journal|-wal|-shm)?$/.exec(name)?.[1];
    if (pid !== undefined && !processExists(Number(pid))) rmSync(join(folder, name), { force: true });
  }
}

function processExists(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists and belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when `path` holds a database with at least one table (a fresh, empty file does not count). */
export function holdsData(path: string): boolean {
  if (!existsSync(path) || statSync(path).size === 0) return false;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'`).get() as { n: number }).n > 0;
  } finally {
    db.close();
  }
}

/**
 * Writes the backup at `source` over the database at `destination`, through the backup API so
 * SQLite's own locking guards the destination (and a WAL file next to it is reset, not replayed
 * over the restored pages). The caller decides whether overwriting is allowed.
 */
export async function restoreSqlite(source: string, destination: string): Promise<DatabaseSummary> {
  const db = openReadOnly(source, 'the backup');
  try {
    const problem = checkVitrineDatabase(db);
    if (problem) throw new BackupError(`cannot restore ${source}: ${problem}`);
    const pages = await copyInto(db, destination);
    return summarize(db, pages);
  } finally {
    db.close();
  }
}
