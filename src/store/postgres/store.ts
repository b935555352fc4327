import { Kysely, PostgresDialect } from 'kysely';
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
    // Our bigints are epoch milliseconds and counters, far below 2^53.
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
  });
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  return createKyselyStore(db, postgresSearch, postgresMigrations);
}
