import { resolve } from 'node:path';
import type { DatabaseConfig } from '../config.js';
import { StoreUnavailableError } from '../lib/errors.js';

/** SQLite result codes (better-sqlite3's `code`) that mean the disk, not the data, is the problem. */
const DISK_CODES = /^SQLITE_(FULL|IOERR|READONLY|CANTOPEN|NOLFS)/;
/** …and those that mean another process holds the file. */
const LOCK_CODES = /^SQLITE_(BUSY|LOCKED|PROTOCOL)/;

/** What to do when the server cannot listen where HOST and PORT say. */
const LISTEN_HINTS: Record<string, string> = {
  EADDRINUSE: 'another process listens there; stop it, or set another PORT (or HOST)',
  EACCES: 'this user may not listen there; set a PORT above 1023 (or HOST)',
  EADDRNOTAVAIL: 'no network interface here has that address; set HOST to one of this machine\'s addresses (or 0.0.0.0)',
};

/**
 * Why the start failed, for `vitrine: failed to start: …` on the operator's terminal (not a
 * response: the driver's code and where to look help here). SQLite names no file in its messages
 * ("disk I/O error", "database or disk is full"), and on a full disk the start fails with one of
 * them, raw from opening the file or as a StoreUnavailableError from the migrations: the message
 * names the file (absolute: a supervisor's working folder is not the operator's) and what to check.
 */
export function startFailure(error: unknown, database: DatabaseConfig): string {
  const code = error instanceof StoreUnavailableError ? error.reason : (error as { code?: unknown } | null)?.code;
  if (database.kind === 'sqlite' && typeof code === 'string' && code.startsWith('SQLITE_')) {
    // A StoreUnavailableError's message is the one clients get; SQLite's own words are better here.
    const said = error instanceof StoreUnavailableError ? code : `${code}: ${(error as Error).message}`;
    const hint = DISK_CODES.test(code) ? ': the disk may be full, or the file or its folder not writable' : LOCK_CODES.test(code) ? ': another process keeps it locked' : '';
    return `cannot use the SQLite database ${resolve(database.path)} (${said})${hint}`;
  }
  if (error instanceof StoreUnavailableError) return `the database cannot be reached (${error.reason}); check DATABASE_URL`;
  const message = error instanceof Error ? error.message : String(error);
  const { syscall, path } = (error ?? {}) as { syscall?: unknown; path?: unknown };
  if (syscall === 'listen' && typeof code === 'string' && code in LISTEN_HINTS) return `${message}: ${LISTEN_HINTS[code]}`;
  // The SQLite file's folder is made at start: a folder that cannot be made names the setting.
  if (database.kind === 'sqlite' && typeof code === 'string' && /^E(ACCES|PERM|ROFS|NOENT|NOTDIR)$/.test(code) && typeof path === 'string') {
    return `cannot create the folder of the SQLite database ${resolve(database.path)} (${code} on ${path}): check DATABASE_URL and that folder's permissions`;
  }
  // PostgreSQL reached, but it refused what DATABASE_URL names: 3D000 no such database, 28000 no
  // such role, 28P01 a wrong password (the server's own words say which).
  if (database.kind === 'postgres' && typeof code === 'string' && /^(3D000|28000|28P01)$/.test(code)) return `${message}; check DATABASE_URL`;
  return message;
}
