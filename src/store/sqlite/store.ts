import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { createPrivateFile } from '../../lib/private-file.js';
import { guardedDialect } from '../kysely/unavailable.js';
import { sqliteMigrations } from './migrations.js';
import { ReopeningDatabase } from './reopening-database.js';
import { sqliteDirectReads } from './direct-reads.js';
import { sqliteSearch } from './search.js';
import { Checkpointer } from './checkpointer.js';
import { GroupCommit } from './group-commit.js';
import { WalSync } from './wal-sync.js';

/** Enough for every query shape vitrine makes (`IN (?, …)` lists vary), bounded all the same. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Kysely prepares every query afresh; better-sqlite3's prepare was 7.6% of the server's CPU
 * profile of POST /api/v1/inquiries (issue 17). Statements are kept per SQL text (the parameters
 * differ, the text of a query shape does not). Safe because Kysely never iterates a statement
 * (no .stream() in vitrine) and everything runs on this one thread.
 */
function withStatementCache(database: Database.Database): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement === undefined) {
        statement = database.prepare(text);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** Embedded SQLite (WAL) — the zero-setup default. */
export function createSqliteStore(path: string): Store {
  if (path !== ':memory:') {
    mkdirSync(dirname(path), { recursive: true });
    createPrivateFile(path);
  }
  // Checkpoints run on a worker thread (checkpointer.ts) unless it is lost.
  let writerCheckpoints = path === ':memory:';
  const openDatabase = () => {
    const database = new Database(path);
    database.pragma('journal_mode = WAL');
    // Power-loss durability (issue 17): in WAL mode NORMAL survives a process crash but may lose
    // the last commits on a power cut; FULL fsyncs the WAL at every commit, so an acknowledged
    // inquiry is on disk. Transactions share commits whose fsync runs off the event loop
    // (group-commit.ts); every other commit (tokens, the CLI, the outbox's bookkeeping) is FULL.
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    // Another process (the CLI, a second server) may hold the write lock briefly.
    database.pragma('busy_timeout = 5000');
    database.pragma(`wal_autocheckpoint = ${writerCheckpoints ? 1000 : 0}`);
    return database;
  };
  // A file database comes back by itself from a read-only spell (reopening-database.ts); both
  // keep prepared statements per query text.
  const memory = path === ':memory:' ? openDatabase() : null;
  const database = memory ? withStatementCache(memory) : new ReopeningDatabase(path, openDatabase);
  const pragma = (name: string): unknown => (memory ? memory.pragma(name, { simple: true }) : (database as ReopeningDatabase).pragma(name));
  const db = new Kysely<Schema>({ dialect: guardedDialect(new SqliteDialect({ database })) });
  const checkpointer = memory
    ? undefined
    : new Checkpointer({
        path,
        onLost: () => {
          writerCheckpoints = true;
          pragma('wal_autocheckpoint = 1000');
        },
      });
  // fdatasync of the WAL on libuv's pool, so the event loop keeps serving meanwhile.
  const wal = memory ? undefined : new WalSync(`${path}-wal`);
  return createKyselyStore(db, sqliteSearch, sqliteMigrations, {
    groupCommit: (storesOver) => new GroupCommit(db, storesOver, wal ? () => wal.sync() : async () => {}, checkpointer && (() => checkpointer.checkpoint())),
    // Read from the very connection every write goes through (better-sqlite3 holds one).
    directReads: sqliteDirectReads(() => memory ?? (database as ReopeningDatabase).connection()),
    durability: async () => ({ journal_mode: String(pragma('journal_mode')), synchronous: ['off', 'normal', 'full', 'extra'][Number(pragma('synchronous'))] ?? 'unknown' }),
    onClose: async () => {
      await wal?.close();
      await checkpointer?.close();
    },
  });
}
