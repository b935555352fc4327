import type { Kysely, Transaction } from 'kysely';

/**
 * Runs `work` in a transaction of its own, or in the caller's when `db` already is one
 * (Store.transaction hands every store a Transaction): Kysely cannot nest transactions.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Transaction<DB>) : db.transaction().execute(work);
}
