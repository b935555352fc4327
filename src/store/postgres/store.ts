import { Kysely, PostgresDialect, sql } from 'kysely';
import type PgModule from 'pg';
import { lazyModule } from '../../lib/lazy-module.js';
import type { Store } from '../ports/index.js';
import type { Database as Schema } from '../kysely/schema.js';
import { createKyselyStore } from '../kysely/store.js';
import { guardedDialect } from '../kysely/unavailable.js';
import { acceptInquiry } from './accept-inquiry.js';
import { namingPool } from './named-statements.js';
import { closingUnanswered } from './unanswered.js';
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
  /** how long a connection no request uses stays open */
  idleTimeoutMs?: number;
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
    // A probe after a minute quiet, not Linux's two hours, so a NAT or a firewall in between does
    // not forget a connection kept below while it waits unused (AWS's NAT gateway: after 350 s),
    // leaving the next request to wait out query_timeout on it.
    keepAliveInitialDelayMillis: 60_000,
    // node-postgres closes a connection after 10 s unused, so on a quiet site most requests paid
    // for a new one: a backend's start (2.3–2.6 ms to connect and answer a first query on a local
    // server, more over TLS) and every named statement parsed again. Kept as long as PgBouncer
    // keeps its server connections (server_idle_timeout, 600 s); never more than `max` of them.
    idleTimeoutMillis: options.idleTimeoutMs ?? 600_000,
    // Unused connections and their timers never keep the process alive (a command that forgot
    // close() would otherwise wait the ten minutes out); a server's listener does that anyway.
    allowExitOnIdle: true,
    // Names our connections in pg_stat_activity, for the operator and the tests.
    application_name: 'vitrine',
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
  const db = new Kysely<Schema>({ dialect: guardedDialect(new PostgresDialect({ pool: closingUnanswered(namingPool(pool)) })) });
  return createKyselyStore(db, postgresSearch, postgresMigrations, {
    acceptInquiry,
    durability: async () => {
      const { rows } = await sql<{ v: string }>`SELECT current_setting('synchronous_commit') AS v`.execute(db);
      return { synchronous_commit: rows[0]!.v };
    },
  });
}
