import { Kysely, PostgresDialect, sql } from 'kysely';
import type PgModule from 'pg';
import { lazyModule } from '../../lib/lazy-module.js';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { guardedDialect } from '../kysely/unavailable.js';
import { acceptInquiry } from './accept-inquiry.js';
import { namingPool } from './named-statements.js';
import { postgresMigrations } from './migrations.js';
import { postgresSearch } from './search.js';

const INT8_OID = 20;
const loadPg = lazyModule<typeof PgModule>('pg');

export interface PostgresStoreOptions {
  poolSize?: number;
  /** how long getting a connection may take (a new one, or a free one from a busy pool) */
  connectTimeoutMs?: number;
  /** how long one statement may run: the server cancels it, and the client gives up a second later */
  queryTimeoutMs?: number;
}

/** PostgreSQL for multi-instance deployments: every app process is stateless. */
export function createPostgresStore(url: string, options: PostgresStoreOptions = {}): Store {
  const queryTimeoutMs = options.queryTimeoutMs ?? 15_000;
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    // An acknowledged inquiry must survive a power loss: commits wait for the WAL flush, whatever
    // the server's or the role's default says (issue 17).
    options: '-c synchronous_commit=on',
    // Without these a stopped or unreachable server makes requests wait forever.
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    statement_timeout: queryTimeoutMs,
    // A frozen server never sends the cancellation: the client stops waiting on its own.
    query_timeout: queryTimeoutMs + 1000,
    keepAlive: true,
    // Our bigints are epoch milliseconds and counters, far below 2^53.
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format as 'text'))) as typeof pg.types.getTypeParser },
  });
  // An idle connection the server closed (a restart, an admin's pg_terminate_backend) is reported
  // here; the pool has already dropped it. Without a listener the 'error' event would crash the
  // process; the next query opens a new connection, or answers 503 while the server is away.
  pool.on('error', () => {});
  // The same for a connection that is checked out but between statements (inside a transaction,
  // say) when the server goes: pg emits 'error' on the client, which nothing else listens to.
  // Its next statement fails ("not queryable"), which answers 503, and the pool discards it.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Schema>({ dialect: guardedDialect(new PostgresDialect({ pool: namingPool(pool) })) });
  return createKyselyStore(db, postgresSearch, postgresMigrations, {
    acceptInquiry,
    durability: async () => {
      const { rows } = await sql<{ v: string }>`SELECT current_setting('synchronous_commit') AS v`.execute(db);
      return { synchronous_commit: rows[0]!.v };
    },
  });
}
