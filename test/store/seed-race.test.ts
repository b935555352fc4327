import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { seedIfEmpty } from '../../src/catalog/seed.js';
import { cryptoRandom, systemClock } from '../../src/lib/clock.js';
import { createStore } from '../../src/store/create-store.js';
import type { DatabaseConfig } from '../../src/config.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

/**
 * Three instances started at once on one empty database, as a first rollout of replicas does.
 * PostgreSQL only: several instances on one database is its deployment (SQLite serves one).
 */
async function seedTogether(config: DatabaseConfig): Promise<{ seeded: number[]; count: number }> {
  const stores = [1, 2, 3].map(() => createStore(config));
  try {
    for (const store of stores) await store.migrate();
    const seeded = await Promise.all(stores.map((store) => seedIfEmpty(store.projects, DEMO_CATALOG_PATH, systemClock, cryptoRandom, store.studio, store.media)));
    return { seeded, count: await stores[0]!.projects.count() };
  } finally {
    for (const store of stores) await store.close();
  }
}

const skipPostgres = await skipWithoutPostgres();

describe('the demo catalog loaded by instances starting together on an empty database', () => {
  it('PostgreSQL: one instance loads it, the others start without an error', { skip: skipPostgres }, async () => {
    const db = await createTestDatabase();
    try {
      const { seeded, count } = await seedTogether({ kind: 'postgres', url: db.url });
      assert.equal(seeded.filter((n) => n > 0).length, 1, `seeded: ${seeded.join(', ')}`);
      assert.equal(seeded.reduce((a, b) => a + b, 0), count);
      assert.equal(count, 31);
    } finally {
      await db.drop();
    }
  });
});
