import { accessSync, constants } from 'node:fs';
import { dirname } from 'node:path';
import type Database from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * A better-sqlite3 connection that comes back from a read-only file by itself.
 *
 * SQLite opens a database file it may not write (permissions, an immutable attribute, a
 * read-only mount) read-only without failing (https://sqlite.org/c3ref/open_filename.html,
 * SQLITE_OPEN_READWRITE: "opened for reading only if the file is write protected"), and that
 * connection stays read-only after the file is writable again. Every write then fails with
 * SQLITE_READONLY (answered 503: kysely/unavailable.ts) until the process restarts. Here, once a
 * statement has failed that way, the next statement outside a transaction reopens the file if it
 * is writable now, so an operator who fixes the permissions needs no restart.
 */
/** As many statements as vitrine has query shapes (`IN (?, …)` lists vary), bounded all the same. */
export const STATEMENT_CACHE_SIZE = 1000;

export class ReopeningDatabase implements SqliteDatabase {
  private current: Database.Database;
  private readOnlySeen = false;
  /** prepared statements of the current connection, per query text (kept: a prepare was 7.6% of an inquiry's CPU) */
  private readonly statements = new Map<string, Database.Statement>();

  constructor(
    private readonly path: string,
    private readonly open: () => Database.Database,
  ) {
    this.current = open();
  }

  prepare(sql: string): SqliteStatement {
    this.reopenIfWritable();
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.current.prepare(sql);
      if (this.statements.size >= STATEMENT_CACHE_SIZE) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, statement);
    }
    const watched = <T>(work: () => T): T => {
      try {
        return work();
      } catch (error) {
        if (String((error as { code?: unknown }).code).startsWith('SQLITE_READONLY')) this.readOnlySeen = true;
        throw error;
      }
    };
    return {
      reader: statement.reader,
      all: (parameters) => watched(() => statement.all(parameters)),
      run: (parameters) => watched(() => statement.run(parameters)),
      iterate: (parameters) => watched(() => statement.iterate(parameters)),
    };
  }

  close(): void {
    this.current.close();
  }

  /** The connection statements run on now (reopened first if it had turned read-only). */
  connection(): Database.Database {
    this.reopenIfWritable();
    return this.current;
  }

  /** A pragma's value on the connection in use. */
  pragma(name: string): unknown {
    return this.current.pragma(name, { simple: true });
  }

  private reopenIfWritable(): void {
    // Never in the middle of a transaction: its BEGIN ran on the current connection.
    if (!this.readOnlySeen || this.current.inTransaction || !writable(this.path)) return;
    const next = this.open();
    this.current.close();
    this.current = next;
    this.statements.clear();
    this.readOnlySeen = false;
  }
}

/** The file and its directory (where SQLite creates the -wal and -shm files) may be written. */
function writable(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    accessSync(dirname(path), constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
