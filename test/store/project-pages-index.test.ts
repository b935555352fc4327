import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { pageRefsQuery } from '../../src/store/kysely/whole-catalog.js';
import { planFixture, type PlanFixture } from '../helpers/plan-db.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

// A sitemap walks every published project's slug and update time. Through the slug's unique
// index alone each row is a lookup of the whole ~3 KB row (33 ms per 5,000 at 10,000 projects);
// the partial index projects_pages answers the same query by itself.
for (const dialect of ['sqlite', 'postgres'] as const) {
  const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;
  describe(`the sitemap walk's plan (${dialect})`, { skip }, () => {
    let fixture: PlanFixture;
    before(async () => {
      fixture = await planFixture(dialect, 3);
    });
    after(() => fixture.close());

    it('reads the index projects_pages alone', async () => {
      const { db } = fixture;
      const query = pageRefsQuery(db, 'm', 5_000).compile();
      const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const plan = await db.executeQuery<{ detail?: string; 'QUERY PLAN'?: string }>(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
      const lines = plan.rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n');
      if (dialect === 'sqlite') assert.equal(lines, 'SEARCH projects USING COVERING INDEX projects_pages (slug>?)');
      else assert.match(lines, /Index Only Scan using projects_pages on projects/);
    });
  });
}
