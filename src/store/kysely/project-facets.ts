import type { Kysely } from 'kysely';
import type { Facets, FacetCount } from '../ports/index.js';
import type { Database } from './schema.js';

type TermKind = 'tag' | 'industry' | 'service' | 'technology';

/** The catalog's facets: published projects per term value and per year. */
export async function catalogFacets(db: Kysely<Database>): Promise<Facets> {
  const rows = await db
    .selectFrom('project_terms')
    .innerJoin('projects', 'projects.id', 'project_terms.project_id')
    .where('projects.published_at', 'is not', null)
    .select(['project_terms.kind', 'project_terms.value', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['project_terms.kind', 'project_terms.value'])
    .execute();
  const years = await db
    .selectFrom('projects')
    .where('published_at', 'is not', null)
    .select(['year', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('year')
    .orderBy('year', 'desc')
    .execute();
  const byKind = (kind: TermKind): FacetCount[] =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => ({ value: r.value, count: Number(r.count) }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return {
    tags: byKind('tag'),
    industries: byKind('industry'),
    services: byKind('service'),
    technologies: byKind('technology'),
    years: years.map((r) => ({ value: String(r.year), count: Number(r.count) })),
  };
}
