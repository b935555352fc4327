import type PgModule from 'pg';

/** What Kysely's PostgresDriver uses of a pooled client. */
interface QueryingClient {
  query(...args: unknown[]): Promise<unknown>;
  release(error?: Error | boolean): void;
}

/** node-postgres's query_timeout: it stopped waiting, the statement may still be on its way. */
const isUnanswered = (error: unknown) => error instanceof Error && /^Query read timeout/.test(error.message);

/**
 * The pool as Kysely sees it, but a connection on which a statement got no answer in time
 * (`query_timeout`, a server that hangs) is closed when released, never handed out again.
 *
 * node-postgres leaves such a statement outstanding on the connection; each one queued behind it
 * waits, then is dropped unsent when its own timeout passes, Kysely's ROLLBACK among them. So a
 * transaction cut off that way stayed open on a connection back in the pool: once the
 * server answered again, the next requests' statements on that connection ran inside it, were
 * acknowledged, and were never committed, while it held its locks ("idle in transaction"). A closed
 * connection ends its transaction on the server (rolled back); a new one starts clean.
 */
export function closingUnanswered(pool: PgModule.Pool): PgModule.Pool {
  const unanswered = new WeakSet<QueryingClient>();
  // One wrapper per connection, as Kysely keeps its own state per client object.
  const wrappers = new WeakMap<QueryingClient, QueryingClient>();
  const wrap = (client: QueryingClient): QueryingClient => ({
    query: (...args) =>
      client.query(...args).catch((error: unknown) => {
        if (isUnanswered(error)) unanswered.add(client);
        throw error;
      }),
    release: (error) => client.release(error || (unanswered.has(client) ? new Error('a statement on this connection got no answer') : undefined)),
  });
  const facade = {
    async connect() {
      const client = (await pool.connect()) as unknown as QueryingClient;
      let wrapped = wrappers.get(client);
      if (wrapped === undefined) wrappers.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
  // Kysely's driver calls only connect() and end(); the cast states that narrower contract.
  return facade as unknown as PgModule.Pool;
}
