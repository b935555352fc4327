import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { SYMBOL_TERM_KINDS } from '../../search/symbol-terms.js';
import type { ProjectFilter, TermKind } from '../ports/index.js';
import type { Database, ProjectsTable } from './schema.js';
import type { SearchDialect } from './search-dialect.js';
import { projectContaining } from './substring-match.js';

/** The published projects `filter` lists, with SQL: its terms, year, featured flag and search (the FTS match joined as `m`). */
export function matchingProjects(db: Kysely<Database>, search: SearchDialect, filter: ProjectFilter, q: string | undefined, words: readonly string[], symbols: readonly string[]) {
  const ranked = words.length > 0;
  let qb = db.selectFrom('projects').where('projects.published_at', 'is not', null) as unknown as SelectQueryBuilder<
    Database & { m: { project_key: string | number; rank: number } },
    'projects' | 'm',
    Selectable<ProjectsTable> & { rank?: number }
  >;

  const terms: [TermKind, string | undefined][] = [
    ['tag', filter.tag],
    ['industry', filter.industry],
    ['service', filter.service],
    ['technology', filter.technology],
  ];
  for (const [kind, value] of terms) {
    if (value === undefined) continue;
    qb = qb.where('projects.id', 'in', (eb) =>
      eb.selectFrom('project_terms').select('project_terms.project_id').where('project_terms.kind', '=', kind).where('project_terms.value', '=', value),
    );
  }
  for (const symbol of symbols) {
    qb = qb.where('projects.id', 'in', (eb) =>
      eb.selectFrom('project_terms').select('project_terms.project_id').where('project_terms.kind', 'in', SYMBOL_TERM_KINDS).where('project_terms.value', '=', symbol),
    );
  }
  if (filter.year !== undefined) qb = qb.where('projects.year', '=', filter.year);
  if (filter.featured !== undefined) qb = qb.where('projects.featured', '=', filter.featured ? 1 : 0);

  if (ranked) {
    const key = sql.ref(`projects.${search.matchKey}`);
    // Not selecting m.rank: SQLite would evaluate bm25() twice per match (select and ORDER BY).
    qb = qb.innerJoin(search.matches(db, words).as('m'), (join) => join.on(sql.ref('m.project_key'), '=', key));
  } else if (q) {
    qb = qb.where((eb) => projectContaining(eb, q));
  }
  return qb;
}
