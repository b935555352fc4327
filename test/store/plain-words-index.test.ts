import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import type { Database as Schema } from '../../src/store/kysely/schema.js';
import { postgresSearch } from '../../src/store/postgres/search.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

// A query made only of stop words ("we", "the") has no English lexemes: PostgreSQL's branch for
// it searches the plain words of every text column. Computed per row, that was 4 s at 100,000
// projects; migration 013 indexes the very expression, which the planner uses only while the
// query spells it exactly the same way.
const skip = await skipWithoutPostgres();
describe('the stop-word search\'s plan (postgres)', { skip }, () => {
  let opened: OpenedStore;
  let db: Kysely<Schema>;
  before(async () => {
    opened = await openStore('postgres');
    await opened.store.migrate();
    let n = 0;
    await opened.store.projects.upsert(generateCatalog(300, 5), Date.now(), () => `prj_plain${String(++n).padStart(4, '0')}`);
    const config = opened.config;
    if (config.kind !== 'postgres') throw new Error('a PostgreSQL store was asked for');
    db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: config.url, max: 1 }) }) });
    // 300 rows fit a few pages, where a sequential scan is cheapest: the plan at scale is what is
    // asked here, so the session rules that out (one connection: max 1).
    await sql`VACUUM ANALYZE projects`.execute(db);
    await sql`SET enable_seqscan = off`.execute(db);
  });
  after(async () => {
    await db.destroy();
    await opened.drop();
  });

  it('finds the plain words through projects_plain_words, not a scan of every row', async () => {
    const query = sql`SELECT project_key FROM ${postgresSearch.matches(db as never, ['we'])} AS m`.compile(db);
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(lines, /Bitmap Index Scan on projects_plain_words/);
    assert.doesNotMatch(lines, /Seq Scan on projects/);
  });

  it('still answers a stop-word query with the projects that use the word', async () => {
    const page = await opened.store.projects.list({ q: 'we', sort: 'relevance', limit: 5 });
    assert.ok(page.items.length > 0, 'the generated catalog says "we"');
  });
});
