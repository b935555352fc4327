import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { parseConfig } from '../../src/config.js';
import { createStore } from '../../src/store/create-store.js';
import { createPostgresStore } from '../../src/store/postgres/store.js';
import type { Store } from '../../src/store/ports/index.js';
import { createTestDatabase, skipWithoutPostgres, TEST_DATABASE_URL } from '../helpers/postgres.js';

const skip = await skipWithoutPostgres();

/**
 * A quiet site on PostgreSQL: node-postgres closes a connection after 10 s unused by default, so
 * the next visitor's request paid for a new backend and its statements parsed again. The pool
 * keeps its connections for DATABASE_IDLE_TIMEOUT_MS (600 s) instead, and names them `vitrine`
 * in pg_stat_activity.
 */
describe('PostgreSQL keeps unused connections for DATABASE_IDLE_TIMEOUT_MS', { skip }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let admin: pg.Client;
  const stores: Store[] = [];

  before(async () => {
    database = await createTestDatabase();
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  after(async () => {
    for (const store of stores) await store.close();
    await admin?.end();
    await database?.drop();
  });

  const backends = async (name: string) =>
    (await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2 ORDER BY pid', [new URL(database.url).pathname.slice(1), name])).rows.map((r) => r.pid);

  it('keeps the configured default connection past node-postgres’s 10 s, and closes one past a short setting', async () => {
    // The store as the server builds it, from configuration with no DATABASE_IDLE_TIMEOUT_MS.
    const config = parseConfig({ DATABASE_URL: database.url, DEMO_CATALOG: 'false' });
    assert.equal(config.database.kind === 'postgres' && config.database.idleTimeoutMs, 600_000);
    const kept = createStore(config.database);
    stores.push(kept);
    await kept.migrate();
    await kept.ping();
    const opened = await backends('vitrine');
    assert.ok(opened.length >= 1, 'the pool holds a connection named vitrine');

    // A second store whose connections say who they are, closing its idle ones after 1 s.
    const short = createPostgresStore(`${database.url}?application_name=vitrine-short`, { idleTimeoutMs: 1000 });
    stores.push(short);
    await short.ping();
    assert.equal((await backends('vitrine-short')).length, 1, "the URL's application_name wins");

    await sleep(11_000);
    assert.deepEqual(await backends('vitrine'), opened, 'the same backends, still open after 11 s unused');
    assert.deepEqual(await backends('vitrine-short'), [], 'closed after its 1 s');
    await kept.ping();
    assert.deepEqual(await backends('vitrine'), opened, 'and the next request uses one of them, no new connection');
  });
});
