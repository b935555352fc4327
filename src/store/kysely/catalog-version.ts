import type { Kysely, Transaction } from 'kysely';
import type { DirectReads } from './direct-reads.js';
import { prepared, type DialectName } from './prepared.js';
import type { Database } from './schema.js';

// Read before every ranked page the in-memory index answers, and by the catalog's version check.
const versionQuery = prepared((db) => db.selectFrom('catalog_state').select('version').where('id', '=', 1));

/**
 * The catalog version: bumped by every catalog write, shared by every instance. Read with
 * `direct` where the dialect has it and the connection is free (direct-reads.ts), else through Kysely.
 */
export async function catalogVersion(db: Kysely<Database>, dialect: DialectName, direct?: DirectReads): Promise<number> {
  const read = direct?.catalogVersion();
  if (read !== undefined) return read;
  const row = (await versionQuery(db, dialect)).rows[0];
  if (row === undefined) throw new Error('catalog_state has no row: the database is not migrated');
  return Number(row.version);
}

export async function bumpVersion(trx: Transaction<Database>): Promise<void> {
  await trx.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
}
