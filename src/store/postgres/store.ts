import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { postgresMigrations } from './migrations.js';
import { postgresSearch } from './search.js';

const INT8_OID = 20;

/** PostgreSQL for multi-instance deployments: every app process is stateless. */
export function createPostgresStore(url: string, poolSize = 10): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // An acknowledged inquiry must survive a power loss: commits wait for the WAL flush, whatever
    // the server's or the role's default says (issue 17).
    options: '-c synchronous_commit=on',
    // Our bigints are epoch milliseconds and counters, far below 2^53.
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return createKyselyStore(db, postgresSearch, postgresMigrations, {
    durability: async () => {
      const { rows } = await sql<{ v: string }>`SELECT current_setting('synchronous_commit') AS v`.execute(db);
      return { synchronous_commit: rows[0]!.v };
    },
  });
}
