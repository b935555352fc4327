import { CompiledQuery, sql } from 'kysely';
import { postgresToTsquery, type SqlRows } from '../../search/postgres/load.js';
import { PostgresTextIndex } from '../../search/postgres/text-index.js';
import type { SearchDialect } from '../kysely/search-dialect.js';

/** tsvector weights: A title, B tags/client, C summary/services/technologies, D description. */
export const postgresSearch: SearchDialect = {
  name: 'postgres',
  titleKey: () => sql<string>`(lower(projects.title) COLLATE "C")`,
  async index(trx, p) {
    await sql`UPDATE projects SET search =
        setweight(to_tsvector('english', ${p.title}), 'A') ||
        setweight(to_tsvector('english', ${p.tags.join(' ')} || ' ' || ${p.client ?? ''}), 'B') ||
        setweight(to_tsvector('english', ${p.summary} || ' ' || ${p.services.join(' ')} || ' ' || ${p.technologies.join(' ')}), 'C') ||
        setweight(to_tsvector('english', ${p.description}), 'D')
      WHERE id = ${p.id}`.execute(trx);
  },
  // The tsvector is a column of the project row: it goes with the row.
  async unindex() {},
  matchKey: 'id',
  // Issue 17: ts_rank_cd in memory, exactly (src/search/postgres/); queries lexized by PostgreSQL.
  textIndex: (db) => {
    const rows: SqlRows = async <Row>(text: string, values: readonly unknown[]) => (await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]))).rows;
    return {
      index: new PostgresTextIndex(postgresToTsquery(rows)),
      docKey: sql<number>`projects.search_doc`,
      // Each batch is two round trips, and its project_terms join is planned afresh: batches of
      // 50 (SQLite's) made loading 20,000 projects 3.2 → 10.5 s.
      textBatch: 500,
      async sources(reader, docs) {
        const { rows: vectors } = await sql<{ doc: number; search: string | null }>`SELECT search_doc AS doc, search::text AS search FROM projects WHERE search_doc IN (${sql.join(docs)})`.execute(reader);
        return new Map(vectors.map((v) => [Number(v.doc), v.search ?? '']));
      },
    };
  },
  matches(_db, terms) {
    // Terms are letters and digits only (searchTerms), so the tsquery text cannot inject operators.
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    // The English configuration drops stop words, so a query made only of them ("the", "about")
    // would match nothing; the second branch then searches the plain words instead, through the
    // GIN index on this very expression (migration 013_plain_words). Its guard is a constant, so
    // for every other query it scans nothing and the GIN index on `search` serves the first.
    return sql<{ project_key: string; rank: number }>`(
      SELECT id AS project_key, ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search, to_tsquery('english', ${tsquery})) AS rank
        FROM projects WHERE search @@ to_tsquery('english', ${tsquery})
      UNION ALL
      SELECT id AS project_key, 0 AS rank FROM projects
        WHERE numnode(to_tsquery('english', ${tsquery})) = 0
          AND to_tsvector('simple', title || ' ' || summary || ' ' || description || ' ' || coalesce(client, '') || ' ' || tags || ' ' || services || ' ' || technologies)
              @@ to_tsquery('simple', ${tsquery})
    )`;
  },
};
