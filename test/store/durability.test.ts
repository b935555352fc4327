import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { createStore } from '../../src/store/create-store.js';
import { openStore } from '../helpers/open-store.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

// Issue 17: an acknowledged inquiry survives a power loss, not only a process crash (the kill -9
// case is test/process/outbox-durability.test.ts). Power cannot be cut in a test; what can be
// checked is that the connection every commit goes through is configured for it.
const noPostgres = await skipWithoutPostgres();

describe('commits are durable across a power loss', () => {
  it('SQLite: the write connection is in WAL mode with synchronous=FULL', async () => {
    const { store, drop } = await openStore('sqlite');
    try {
      await store.migrate();
      assert.deepEqual(await store.durability(), { journal_mode: 'wal', synchronous: 'full' });
    } finally {
      await drop();
    }
  });

  it('SQLite: concurrent transactions share commits, and one that throws loses only its own writes', async () => {
    const { store, config, drop } = await openStore('sqlite');
    try {
      await store.migrate();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          store.transaction(async (tx) => {
            await tx.secrets.getOrCreate(`s${i}`, () => `v${i}`, 0);
            if (i % 5 === 3) throw new Error(`member ${i} fails`);
            return i;
          }),
        ),
      );
      assert.deepEqual(
        outcomes.map((o) => o.status),
        Array.from({ length: 20 }, (_, i) => (i % 5 === 3 ? 'rejected' : 'fulfilled')),
      );
      await store.close();
      // Read back through a fresh connection: what was answered is in the file, nothing else.
      const again = createStore(config);
      for (let i = 0; i < 20; i++) {
        const value = await again.secrets.getOrCreate(`s${i}`, () => 'created on reading', 0);
        assert.equal(value, i % 5 === 3 ? 'created on reading' : `v${i}`, `s${i}`);
      }
      await again.close();
    } finally {
      await drop().catch(() => undefined);
    }
  });

  it('PostgreSQL: synchronous_commit is on even where the database default turns it off', { skip: noPostgres }, async () => {
    const db = await createTestDatabase();
    const name = new URL(db.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    await admin.end();
    // A plain connection now gets the weaker default; the store's own connections must not.
    const plain = new pg.Client({ connectionString: db.url });
    await plain.connect();
    const { rows } = await plain.query<{ v: string }>(`SELECT current_setting('synchronous_commit') AS v`);
    await plain.end();
    assert.equal(rows[0]!.v, 'off');
    const store = createStore({ kind: 'postgres', url: db.url });
    try {
      await store.migrate();
      assert.deepEqual(await store.durability(), { synchronous_commit: 'on' });
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
