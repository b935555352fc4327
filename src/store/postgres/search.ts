import { sql } from 'kysely';
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
  // Issue 17: the ts_rank_cd TextIndex (src/search/postgres/) plugs in here; until then SQL ranks.
  textIndex: () => undefined,
  matches(_db, terms) {
    // Terms are letters and digits only (searchTerms), so the tsquery text cannot inject operators.
    const tsquery = terms.map((t) => `${t}:*`).join(' & ');
    // The English configuration drops stop words, so a query made only of them ("the", "about")
    // would match nothing; the second branch then searches the plain words instead. Its guard is
    // a constant, so for every other query it scans nothing and the GIN index serves the first.
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
