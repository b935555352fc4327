import Database from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import type { Database as Schema } from '../../src/store/kysely/schema.js';
import type { Store } from '../../src/store/ports/index.js';
import { openStore } from './open-store.js';

export interface PlanFixture {
  store: Store;
  /** a second connection to the same database, for EXPLAIN */
  db: Kysely<Schema>;
  close(): Promise<void>;
}

/**
 * A fresh store of 300 generated projects (`seed`) and a connection for reading query plans (one
 * connection, so a session setting holds). On PostgreSQL the statistics are fresh and sequential
 * scans are ruled out: 300 rows fit a few pages, where a scan is cheapest, and the plan at scale
 * is what a plan test asks about.
 */
export async function planFixture(dialect: 'sqlite' | 'postgres', seed: number): Promise<PlanFixture> {
  const opened = await openStore(dialect);
  await opened.store.migrate();
  let n = 0;
  await opened.store.projects.upsert(generateCatalog(300, seed), Date.now(), () => `prj_plan${String(++n).padStart(4, '0')}`);
  const config = opened.config;
  const db = new Kysely<Schema>({ dialect: config.kind === 'sqlite' ? new SqliteDialect({ database: new Database(config.path, { readonly: true }) }) : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) }) });
  if (config.kind === 'postgres') {
    await sql`VACUUM ANALYZE projects`.execute(db);
    await sql`SET enable_seqscan = off`.execute(db);
  }
  return {
    store: opened.store,
    db,
    async close() {
      await db.destroy();
      await opened.drop();
    },
  };
}
