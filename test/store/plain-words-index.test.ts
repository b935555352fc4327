import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery, sql } from 'kysely';
import { postgresSearch } from '../../src/store/postgres/search.js';
import { planFixture, type PlanFixture } from '../helpers/plan-db.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

// A query made only of stop words ("we", "the") has no English lexemes: PostgreSQL's branch for
// it searches the plain words of every text column. Computed per row, that was 4 s at 100,000
// projects; migration 013 indexes the very expression, which the planner uses only while the
// query spells it exactly the same way.
const skip = await skipWithoutPostgres();
describe('the stop-word search\'s plan (postgres)', { skip }, () => {
  let fixture: PlanFixture;
  before(async () => {
    fixture = await planFixture('postgres', 5);
  });
  after(() => fixture.close());

  it('finds the plain words through projects_plain_words, not a scan of every row', async () => {
    const { db } = fixture;
    const query = sql`SELECT project_key FROM ${postgresSearch.matches(db as never, ['we'])} AS m`.compile(db);
    const plan = await db.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${query.sql}`, [...query.parameters]));
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(lines, /Bitmap Index Scan on projects_plain_words/);
    assert.doesNotMatch(lines, /Seq Scan on projects/);
  });

  it('still answers a stop-word query with the projects that use the word', async () => {
    const page = await fixture.store.projects.list({ q: 'we', sort: 'relevance', limit: 5 });
    assert.ok(page.items.length > 0, 'the generated catalog says "we"');
  });
});
