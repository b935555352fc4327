import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { CountedFacets, FacetCount, TermKind } from '../ports/index.js';
import type { Database } from './schema.js';

/** Published projects per term value and per year: of the whole catalog, or of the ids `within` selects. */
export async function catalogFacets(db: Kysely<Database>, within?: SelectQueryBuilder<Database, 'projects', { id: string }>): Promise<CountedFacets> {
  let terms = db
    .selectFrom('project_terms')
    .innerJoin('projects', 'projects.id', 'project_terms.project_id')
    .where('projects.published_at', 'is not', null)
    .select(['project_terms.kind', 'project_terms.value', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['project_terms.kind', 'project_terms.value']);
  let years = db
    .selectFrom('projects')
    .where('published_at', 'is not', null)
    .select(['year', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('year');
  if (within) {
    terms = terms.where('projects.id', 'in', within);
    years = years.where('projects.id', 'in', within);
  }
  const termRows = (await terms.execute()).map((r) => ({ kind: r.kind as TermKind, value: r.value, count: Number(r.count) }));
  return facetsOf(
    termRows,
    (await years.execute()).map((r) => ({ year: Number(r.year), count: Number(r.count) })),
  );
}

/** Facets in their order (values by count, then by value; years newest first), with their total. */
export function facetsOf(terms: readonly { kind: TermKind; value: string; count: number }[], years: readonly { year: number; count: number }[]): CountedFacets {
  const byKind = (kind: TermKind): FacetCount[] =>
    terms
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: r.value, count: r.count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    tags: byKind('tag'),
    industries: byKind('industry'),
    services: byKind('service'),
    technologies: byKind('technology'),
    years: [...years].sort((a, b) => b.year - a.year).map((r) => ({ value: String(r.year), count: r.count })),
    // Every project has one year.
    total: years.reduce((sum, y) => sum + y.count, 0),
  };
}
