import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { guardedDialect } from '../kysely/unavailable.js';
import { sqliteMigrations } from './migrations.js';
import { ReopeningDatabase } from './reopening-database.js';
import { sqliteSearch } from './search.js';

/** Embedded SQLite (WAL) — the zero-setup default. */
export function createSqliteStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const open = () => {
    const database = new Database(path);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    // Another process (the CLI, a second server) may hold the write lock briefly.
    database.pragma('busy_timeout = 5000');
    return database;
  };
  const database = path === ':memory:' ? open() : new ReopeningDatabase(path, open);
  const db = new Kysely<Schema>({ dialect: guardedDialect(new SqliteDialect({ database })) });
  return createKyselyStore(db, sqliteSearch, sqliteMigrations);
}
