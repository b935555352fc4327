import type Database from 'better-sqlite3';
import type { DirectReads } from '../kysely/direct-reads.js';
import { RECORD_COLUMNS, type ColumnValues } from '../kysely/project-rows.js';
import { guardNow } from '../kysely/unavailable.js';

/** The most ids one read takes: a page's limit + 1 is at most 101; larger lists are split. */
const MAX_IDS = 128;

const VERSION = 'SELECT version FROM catalog_state WHERE id = 1';
/** The statement reading `n` projects' rows, for each `n` one read may take. */
const ROWS = Array.from({ length: MAX_IDS + 1 }, (_, n) => `SELECT ${RECORD_COLUMNS.join(', ')} FROM projects WHERE id IN (${Array(n).fill('?').join(', ')})`);

/**
 * DirectReads on the better-sqlite3 connection Kysely also uses (`connection()` answers the
 * current one: it may be reopened). A read is one synchronous call, so nothing can interleave with
 * it; but Kysely's driver runs a transaction's statements on this same connection across awaits,
 * so while one is open (`inTransaction`) a read here would see its uncommitted writes: then each
 * read answers undefined and the caller goes through Kysely, which waits for the transaction.
 * Statements are kept per connection; rows come back as arrays of values (better-sqlite3's raw
 * mode), not as an object per row.
 */
export function sqliteDirectReads(connection: () => Database.Database): DirectReads {
  const kept = new WeakMap<Database.Database, Map<string, Database.Statement>>();
  const statement = (db: Database.Database, text: string, raw: boolean): Database.Statement => {
    let statements = kept.get(db);
    if (statements === undefined) kept.set(db, (statements = new Map()));
    let s = statements.get(text);
    if (s === undefined) {
      s = raw ? db.prepare(text).raw(true) : db.prepare(text).pluck(true);
      statements.set(text, s);
    }
    return s;
  };
  const idle = (): Database.Database | undefined => {
    const db = connection();
    return db.inTransaction ? undefined : db;
  };
  return {
    catalogVersion() {
      const db = idle();
      if (db === undefined) return undefined;
      const version = guardNow(() => statement(db, VERSION, false).get());
      if (version === undefined) throw new Error('catalog_state has no row: the database is not migrated');
      return Number(version);
    },
    projectRows(ids) {
      const db = idle();
      if (db === undefined) return undefined;
      const rows: ColumnValues[] = [];
      for (let i = 0; i < ids.length; i += MAX_IDS) {
        const some = ids.slice(i, i + MAX_IDS);
        rows.push(...guardNow(() => statement(db, ROWS[some.length]!, true).all(...some) as ColumnValues[]));
      }
      return rows;
    },
  };
}
