import type PgModule from 'pg';
import { statementName } from '../kysely/prepared.js';

/** What Kysely's PostgresDriver uses of a pooled client. */
interface QueryingClient {
  query(text: string, values?: readonly unknown[]): Promise<PgModule.QueryResult>;
  release(error?: Error | boolean): void;
}

/**
 * The pool as Kysely sees it, but each connection runs the queries compiled by prepared() as
 * named statements (PostgreSQL's extended protocol): the first use on a connection parses and
 * plans it, later uses send only Bind and Execute. Kysely sends every query unnamed, so the
 * server parsed and planned each inquiry's INSERTs again: naming them took PostgreSQL's own CPU
 * per inquiry from ~560 to ~410 µs (issue 17, docs/performance.md). Only prepared() queries are named — a fixed set —
 * so no connection keeps an unbounded number of statements.
 *
 * A connection pooler in front of PostgreSQL must keep protocol-level prepared statements per
 * client (PgBouncer ≥ 1.21 with max_prepared_statements, or session pooling): docs/operations.md.
 */
export function namingPool(pool: PgModule.Pool): PgModule.Pool {
  const clients = new WeakMap<PgModule.PoolClient, QueryingClient>();
  const naming = (client: PgModule.PoolClient): QueryingClient => ({
    query(text, values) {
      const name = statementName(text);
      return name === undefined ? client.query(text, values as unknown[]) : client.query({ name, text, values: values as unknown[] });
    },
    release: (error) => client.release(error),
  });
  const facade = {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (wrapped === undefined) clients.set(client, (wrapped = naming(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
  // Kysely's driver calls only connect() and end(); the cast states that narrower contract.
  return facade as unknown as PgModule.Pool;
}
