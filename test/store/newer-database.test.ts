import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import pg from 'pg';
import { createStore } from '../../src/store/create-store.js';
import type { DatabaseConfig } from '../../src/config.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

const FUTURE = '999_from_a_newer_vitrine';

/** Migrates a database, marks it as migrated by a newer version, then starts this version on it again. */
async function rollBack(config: DatabaseConfig, markNewer: () => Promise<void>): Promise<void> {
  const first = createStore(config);
  try {
    assert.ok((await first.migrate()).length > 0, 'a new database is migrated');
  } finally {
    await first.close();
  }
  await markNewer();
  const again = createStore(config);
  try {
    await assert.rejects(again.migrate(), (error: Error) => {
      assert.match(error.message, /migrated by a newer version of vitrine/);
      assert.ok(error.message.includes(FUTURE), error.message);
      return true;
    });
  } finally {
    await again.close();
  }
}

const skipPostgres = await skipWithoutPostgres();

describe('a database migrated by a newer vitrine (a rollback) is refused, naming what this version does not know', () => {
  it('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-newer-'));
    const path = join(dir, 'vitrine.db');
    try {
      await rollBack({ kind: 'sqlite', path }, async () => {
        const db = new Database(path);
        db.prepare('INSERT INTO vitrine_migrations (name, timestamp) VALUES (?, ?)').run(FUTURE, new Date().toISOString());
        db.close();
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL', { skip: skipPostgres }, async () => {
    const database = await createTestDatabase();
    try {
      await rollBack({ kind: 'postgres', url: database.url }, async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        await client.query('INSERT INTO vitrine_migrations (name, timestamp) VALUES ($1, $2)', [FUTURE, new Date().toISOString()]);
        await client.end();
      });
    } finally {
      await database.drop();
    }
  });
});
