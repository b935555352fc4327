import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { sqliteMigrations } from './migrations.js';
import { sqliteSearch } from './search.js';

/** Embedded SQLite (WAL) — the zero-setup default. */
export function createSqliteStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new Database(path);
  database.pragma('journal_mode = WAL');
  // Power-loss durability (issue 17): in WAL mode NORMAL survives a process crash but may lose
  // the last commits on a power cut; FULL fsyncs the WAL at every commit, so an acknowledged
  // inquiry is on disk. fsync measured ~60 µs on the 2-core VM; concurrent inquiries share one
  // commit (src/inquiries/group-commit.ts), so the price is paid once per group, not per request.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  // Another process (the CLI, a second server) may hold the write lock briefly.
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database }) });
  return createKyselyStore(db, sqliteSearch, sqliteMigrations, {
    // Read from the very connection every write goes through (better-sqlite3 holds one).
    durability: async () => ({ journal_mode: String(database.pragma('journal_mode', { simple: true })), synchronous: ['off', 'normal', 'full', 'extra'][Number(database.pragma('synchronous', { simple: true }))] ?? 'unknown' }),
  });
}
