import { sql } from 'kysely';
import type { SearchDialect } from '../kysely/search-dialect.js';
import { SqliteTextIndex, type FtsRow } from '../../search/sqlite/bm25-index.js';

/** FTS5 with bm25 column weights: title > tags > summary > client/services/technologies > description. */
export const sqliteSearch: SearchDialect = {
  name: 'sqlite',
  titleKey: () => sql<string>`lower(projects.title)`,
  // The FTS row shares the project's rowid: joining on it skips reading the UNINDEXED project_id
  // from the FTS content table (issue 17: 166 → 85 ms for a word in every project of 100,000).
  matchKey: 'rowid',
  async index(trx, p) {
    // The FTS row shares the project's rowid: project_id is UNINDEXED, so deleting by it would
    // scan the whole index on every upsert (a 10,000-project import took minutes).
    const row = await sql<{ rowid: number }>`SELECT rowid FROM projects WHERE id = ${p.id}`.execute(trx);
    const rowid = row.rows[0]!.rowid;
    await sql`DELETE FROM projects_fts WHERE rowid = ${rowid}`.execute(trx);
    await sql`INSERT INTO projects_fts (rowid, project_id, title, summary, description, client, tags, services, technologies)
      VALUES (${rowid}, ${p.id}, ${p.title}, ${p.summary}, ${p.description}, ${p.client ?? ''}, ${p.tags.join(' ')}, ${p.services.join(' ')}, ${p.technologies.join(' ')})`.execute(trx);
  },
  async unindex(trx, projectId) {
    await sql`DELETE FROM projects_fts WHERE rowid = (SELECT rowid FROM projects WHERE id = ${projectId})`.execute(trx);
  },
  textIndex: () => ({
    index: new SqliteTextIndex(),
    docKey: sql<number>`projects.rowid`,
    // Small, so a batch's text dies young: with 500 it lived through scavenges, was promoted, and
    // a 100,000-project build left ~200 MB of old-generation garbage (RSS peak 456 → ~385 MB).
    // Each batch is two statements in process, answered synchronously: small batches cost nothing.
    textBatch: 50,
    async sources(db, docs) {
      const { rows } = await sql<{ rowid: number; title: string; summary: string; description: string; client: string; tags: string; services: string; technologies: string }>`
        SELECT rowid, title, summary, description, client, tags, services, technologies FROM projects_fts WHERE rowid IN (${sql.join(docs)})`.execute(db);
      // The FTS row itself: exactly the text FTS5 indexed, whatever wrote it.
      return new Map(rows.map((r) => [r.rowid, [r.title, r.summary, r.description, r.client, r.tags, r.services, r.technologies] satisfies FtsRow]));
    },
  }),
  matches(_db, terms) {
    // Each term is quoted, so FTS5 operators in user input are inert; `*` makes it a prefix query.
    const match = terms.map((t) => `"${t}"*`).join(' AND ');
    return sql<{ project_key: number; rank: number }>`(SELECT rowid AS project_key, -bm25(projects_fts, 0, 10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0) AS rank FROM projects_fts WHERE projects_fts MATCH ${match})`;
  },
};
