import { termOf } from '../catalog/project-form.js';
import type { Facets, ProjectFilter } from '../store/ports/index.js';
import { FILTERS, humanize, type FilterParam } from './labels.js';

/** The catalog page's own query: search text and at most one value per filter. */
export type CatalogQuery = { q?: string | undefined } & { [K in FilterParam]?: string | undefined };

const TERM = /^[a-z0-9][a-z0-9.+#-]{0,59}$/;

/** Reads the page query leniently: a browser URL with a junk value shows the unfiltered list, never an error. */
export function parseCatalogQuery(params: URLSearchParams): { query: CatalogQuery; cursor: string | undefined } {
  const query: CatalogQuery = {};
  const q = params.get('q')?.trim().slice(0, 200);
  if (q) query.q = q;
  for (const { param } of FILTERS) {
    const value = params.get(param)?.trim().toLowerCase();
    if (!value) continue;
    if (param === 'year' ? /^(19[7-9]\d|20\d\d|2100)$/.test(value) : TERM.test(value)) query[param] = value;
  }
  const cursor = params.get('cursor') ?? undefined;
  return { query, cursor: cursor && cursor.length <= 512 ? cursor : undefined };
}

export function hasCriteria(query: CatalogQuery): boolean {
  return Object.values(query).some((v) => v !== undefined && v !== '');
}

/** `/?q=…&industry=…` in a stable parameter order (one URL per view, friendly to caches). */
export function catalogHref(query: CatalogQuery, changes: Partial<CatalogQuery> & { cursor?: string } = {}): string {
  const merged: Record<string, string | undefined> = { ...query, ...changes };
  const params = new URLSearchParams();
  for (const key of ['q', ...FILTERS.map((f) => f.param), 'cursor']) {
    const value = merged[key];
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `/?${search}` : '/';
}

/**
 * What a catalog view shows, in words (WCAG 2.2 SC 2.4.2): a search's page title names its
 * query and filters, and a later page says it is one, so history, tabs and a screen reader's
 * announcement tell the views apart. Undefined for the catalog itself.
 */
export function catalogViewName(query: CatalogQuery, continued: boolean): string | undefined {
  const criteria = [
    ...(query.q ? [`Search “${query.q}”`] : []),
    ...FILTERS.filter(({ param }) => query[param] !== undefined).map(({ param, label }) => `${label}: ${param === 'year' ? query[param] : humanize(query[param]!)}`),
  ];
  if (criteria.length > 0) return `${criteria.join(', ')}${continued ? ' (more results)' : ''} — Projects`;
  return continued ? 'More work' : undefined;
}

/**
 * The filter a search names, when its words are exactly one filter's value (`healthcare`,
 * `Public sector`, `2021`) and that filter is not set yet: the page offers it. The text search
 * covers titles, summaries, descriptions, clients, topics, services and technologies but not the
 * industry or the year, so a visitor who types one would otherwise find nothing or a few
 * mentions, while the filter has the whole set.
 */
export function filterNamedBy(query: CatalogQuery, facets: Facets): { param: FilterParam; label: string; value: string } | undefined {
  if (!query.q) return undefined;
  const term = termOf(query.q);
  for (const { param, facet, label } of FILTERS) {
    if (query[param] !== undefined) continue;
    if (facets[facet].some(({ value }) => value === term)) return { param, label, value: term };
  }
  return undefined;
}

/** The page query of a suggested view (catalog/search-suggestion.ts). */
export function suggestedQuery(filter: ProjectFilter): CatalogQuery {
  return { q: filter.q, tag: filter.tag, industry: filter.industry, service: filter.service, technology: filter.technology, year: filter.year === undefined ? undefined : String(filter.year) };
}

/** How a suggested view is named: its search in quotes, or the filter it adds (`Healthcare projects`). */
export function suggestionLabel(query: CatalogQuery, suggested: CatalogQuery): string {
  if (suggested.q) return `“${suggested.q}”`;
  const added = FILTERS.find(({ param }) => suggested[param] !== undefined && suggested[param] !== query[param]);
  return added ? `${humanize(suggested[added.param]!)} projects` : 'these projects';
}
