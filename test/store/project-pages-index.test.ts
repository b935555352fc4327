import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import type { Database as Schema } from '../../src/store/kysely/schema.js';
import { pageRefsQuery } from '../../src/store/kysely/whole-catalog.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

// A sitemap walks every published project's slug and update time. Through the slug's unique
// index alone each row is a lookup of the whole ~3 KB row (33 ms per 5,000 at 10,000 projects);
// the partial index projects_pages answers the same query by itself.
for (const dialect of ['sqlite', 'postgres'] as const) {
  const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;
  describe(`the sitemap walk's plan (${dialect})`, { skip }, () => {
    let opened: OpenedStore;
    let db: Kysely<Schema>;
    before(async () => {
      opened = await openStore(dialect);
      await opened.store.migrate();
      let n = 0;
      await opened.store.projects.upsert(generateCatalog(300, 3), Date.now(), () => `prj_plan${String(++n).padStart(4, '0')}`);
      const config = opened.config;
      db = new Kysely<Schema>({ dialect: config.kind === 'sqlite' ? new SqliteDialect({ database: new Database(config.path, { readonly: true }) }) : new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) }) });
      if (dialect === 'postgres') {
        // 300 rows fit a few pages, where a sequential scan is cheapest: the plan at scale is
        // what is asked here, so the session rules that out (one connection: max 1).
        await sql`VACUUM ANALYZE projects`.execute(db);
        await sql`SET enable_seqscan = off`.execute(db);
      }
    });
    after(async () => {
      await db.destroy();
      await opened.drop();
    });

    it('reads the index projects_pages alone', async () => {
      const query = pageRefsQuery(db, 'm', 5_000).compile();
      const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const plan = await db.executeQuery<{ detail?: string; 'QUERY PLAN'?: string }>(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
      const lines = plan.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
      if (dialect === 'sqlite') assert.equal(lines, 'SEARCH projects USING COVERING INDEX projects_pages (slug>?)');
      else assert.match(lines, /Index Only Scan using projects_pages on projects/);
    });
  });
}
