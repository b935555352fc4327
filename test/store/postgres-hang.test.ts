import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { StoreUnavailableError } from '../../src/lib/errors.js';
import { createPostgresStore } from '../../src/store/postgres/store.js';
import type { Store } from '../../src/store/ports/index.js';
import { skipWithoutInitdb, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

const skip = skipWithoutInitdb();
const t0 = Date.parse('2026-06-01T12:00:00Z');

/**
 * A PostgreSQL server that hangs (SIGSTOP) in the middle of a transaction: the statement gets no
 * answer, node-postgres gives up after query_timeout and drops the ROLLBACK queued behind it.
 * The connection must not go back to the pool with that transaction still open, or the writes of
 * the requests that get it next are acknowledged and never committed.
 */
describe('PostgreSQL store when the server hangs mid-transaction', { skip, timeout: 60_000 }, () => {
  let cluster: ThrowawayPostgres;
  let store: Store;
  let admin: pg.Client;

  before(async () => {
    cluster = await startThrowawayPostgres();
    // One connection, so the next statement gets the one the transaction was cut off on, if it is kept.
    store = createPostgresStore(cluster.url, { poolSize: 1, queryTimeoutMs: 300, connectTimeoutMs: 2000 });
    await store.migrate();
    admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
  });
  after(async () => {
    // Whatever failed: the cluster runs again before anything closes or stops it.
    cluster?.resume();
    await admin?.end();
    await store?.close();
    cluster?.destroy();
  });

  const committed = async (key: string) => (await admin.query<{ count: number }>('SELECT count FROM rate_limit_counters WHERE key = $1', [key])).rows[0]?.count ?? null;

  it('closes the connection of a statement that got no answer, so the next writes commit on a clean one', async () => {
    const cutOff = store.transaction(async (tx) => {
      await tx.counters.hit('in-transaction:first', t0);
      cluster.pause();
      await tx.counters.hit('in-transaction:second', t0);
    });
    await assert.rejects(cutOff, StoreUnavailableError, 'the transaction answers 503');
    cluster.resume();

    assert.equal(await store.counters.hit('after:write', t0), 1);
    assert.equal(await committed('after:write'), 1, 'a write acknowledged after the database came back is committed');
    assert.equal(await committed('in-transaction:first'), null, 'the cut-off transaction was rolled back, not committed later');
    const open = await admin.query("SELECT state FROM pg_stat_activity WHERE application_name = 'vitrine' AND state = 'idle in transaction'");
    assert.equal(open.rowCount, 0, 'no connection is left idle in a transaction');
  });
});
