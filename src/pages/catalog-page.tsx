import { raw } from 'hono/html';
import type { FC } from 'hono/jsx';
import type { ApiProject } from '../catalog/api-project.js';
import type { CountedFacets, Facets } from '../store/ports/index.js';
import { catalogHref, catalogViewName, filterNamedBy, hasCriteria, suggestionLabel, type CatalogQuery } from './catalog-query.js';
import { FILTERS, humanize, type FilterParam } from './labels.js';
import { contentLang, Layout, type Site } from './layout.js';
import { ProjectCard } from './project-card.js';
import { renderMarkdown } from './markdown.js';
import { serializeJsonLd } from './json-ld.js';
import { studioJsonLd } from '../studio/json-ld.js';

export interface CatalogView {
  site: Site;
  query: CatalogQuery;
  /** featured work, shown above the list on the unfiltered first page */
  featured: ApiProject[];
  projects: ApiProject[];
  nextCursor: string | null;
  /** true on pages reached through "More projects" */
  continued: boolean;
  /** the whole catalog's facets */
  facets: Facets;
  /** a searched or filtered view's: how many projects it lists, and their facets */
  narrowed?: CountedFacets | undefined;
  /** per chosen filter: the facets of the view without it, whose values its chips switch to */
  switching?: Partial<Record<FilterParam, Facets>>;
  /** a corrected view that lists projects, when this one lists none */
  suggested?: CatalogQuery | undefined;
}

const OPEN_BY_DEFAULT = new Set(['industry', 'year']);

/**
 * The filters sit behind a disclosure so that on a phone the results come first; on wider
 * screens site.css shows its content whether it is open or not (::details-content) and hides
 * the summary, so no tab stop toggles nothing (WCAG 2.2 SC 2.4.3, 4.1.2). A browser without
 * ::details-content keeps the disclosure. In a searched or filtered view a group offers only the
 * values its projects have, each with how many of them a click keeps, so no chip leads to an
 * empty page. A group already chosen offers the values the view would have without it, each
 * counted as the view with that value instead (disjunctive facets), and always its chosen value,
 * whose chip removes it.
 */
const Filters: FC<{ query: CatalogQuery; facets: Facets; narrowed: Facets | undefined; switching: Partial<Record<FilterParam, Facets>> }> = ({ query, facets, narrowed, switching }) => {
  const groups = FILTERS.map(({ param, facet, label }) => {
    const active = query[param];
    const source = narrowed === undefined ? facets : active === undefined ? narrowed : (switching[param] ?? facets);
    const offered = source[facet];
    const values = active === undefined || offered.some(({ value }) => value === active) ? offered : [...offered, { value: active, count: 0 }];
    if (values.length === 0) return null;
    const sorted = param === 'year' ? [...values].sort((a, b) => Number(b.value) - Number(a.value)) : values;
    return (
      <details class="filter-group" open={OPEN_BY_DEFAULT.has(param) || active !== undefined}>
        <summary>{label}</summary>
        <ul class="chips" aria-label={`${label} filters`}>
          {sorted.map(({ value, count }) => {
            const on = active === value;
            return (
              <li>
                <a class="chip" href={catalogHref(query, { [param]: on ? undefined : value })} aria-current={on ? 'true' : undefined}>
                  {param === 'year' ? value : humanize(value)}
                  <span class="count">
                    {count}
                    <span class="visually-hidden">{count === 1 ? ' project' : ' projects'}</span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      </details>
    );
  });
  return (
    <aside class="filters" aria-labelledby="filters-title">
      {/* Wide screens show this heading and the panel's content, and no summary: a control there
          would toggle nothing (site.css). Phones show the summary, its own heading, instead. */}
      <h2 id="filters-title" class="filters-title">
        Filter projects
      </h2>
      <details class="filter-panel">
        <summary>
          <h2>Filter projects</h2>
        </summary>
        {groups.some((group) => group !== null) ? groups : <p class="filters-none">Nothing to filter.</p>}
      </details>
    </aside>
  );
};

/** A search that is a filter's value (catalog-query.ts filterNamedBy): a link to that filter instead. */
const FilterSuggestion: FC<{ query: CatalogQuery; facets: Facets }> = ({ query, facets }) => {
  const named = filterNamedBy(query, facets);
  if (!named) return null;
  const shown = named.param === 'year' ? named.value : humanize(named.value);
  const kind = named.label.toLowerCase();
  return (
    <p class="suggestion">
      “{query.q}” is {/^[aeiou]/.test(kind) ? 'an' : 'a'} {kind} here: <a href={catalogHref(query, { q: undefined, [named.param]: named.value })}>show all {shown} projects</a>
    </p>
  );
};

const ActiveFilters: FC<{ query: CatalogQuery }> = ({ query }) => {
  const chips = FILTERS.filter(({ param }) => query[param] !== undefined);
  if (chips.length === 0 && !query.q) return null;
  return (
    <div class="active-filters">
      <p>Showing projects for</p>
      {query.q ? (
        <a class="chip chosen" href={catalogHref(query, { q: undefined })} aria-label={`Remove search “${query.q}”`}>
          “{query.q}” <span aria-hidden="true">×</span>
        </a>
      ) : null}
      {chips.map(({ param, label }) => {
        const value = query[param]!;
        const shown = param === 'year' ? value : humanize(value);
        return (
          <a class="chip chosen" href={catalogHref(query, { [param]: undefined })} aria-label={`Remove filter ${label}: ${shown}`}>
            {label}: {shown} <span aria-hidden="true">×</span>
          </a>
        );
      })}
      <a href="/">Clear all</a>
    </div>
  );
};

export const CatalogPage: FC<CatalogView> = ({ site, query, featured, projects, nextCursor, continued, facets, narrowed, switching = {}, suggested }) => {
  const filtered = hasCriteria(query);
  const viewName = catalogViewName(query, continued);
  const total = narrowed?.total ?? 0;
  const listTitle = filtered ? (total > 0 ? `${total} matching ${total === 1 ? 'project' : 'projects'}` : 'Matching projects') : featured.length > 0 ? 'More work' : 'All projects';
  return (
    <Layout
      site={site}
      title={viewName ? `${viewName} — ${site.name}` : `${site.name} — ${site.studio.profile.tagline || 'selected work'}`}
      description={site.studio.profile.tagline || `Case studies of the work ${site.name} has designed and built.`}
      canonicalPath={filtered || continued ? undefined : '/'}
      current="work"
      head={
        <>
          <link rel="alternate" type="text/markdown" href={catalogHref(query).replace(/^\/(\?|$)/, '/index.md$1')} />
          {filtered || continued ? null : <script type="application/ld+json">{raw(serializeJsonLd(studioJsonLd(site.studio, site.baseUrl, featured)))}</script>}
        </>
      }
    >
      <section class="hero wrap" aria-labelledby="page-title">
        <p class="eyebrow" lang={site.studio.profile.tagline ? contentLang(site) : undefined}>
          {site.studio.profile.tagline || 'Portfolio'}
        </p>
        <h1 id="page-title">{site.name}</h1>
        {(site.studio.profile.introduction || site.studio.profile.services.length > 0) && !filtered && !continued ? (
          // Phones: the studio's introduction folds behind a disclosure so the work comes first; wide
          // screens always show it (site.css).
          <details class="studio-about">
            <summary>About {site.name}</summary>
            {site.studio.profile.introduction ? <div class="lead studio-intro" lang={contentLang(site)}>{raw(renderMarkdown(site.studio.profile.introduction))}</div> : null}
            {site.studio.profile.services.length > 0 ? (
              <ul class="studio-services" aria-label="Services" lang={contentLang(site)}>
                {site.studio.profile.services.map((service) => (
                  <li>
                    <strong>{service.name}</strong>
                    {service.description}
                  </li>
                ))}
              </ul>
            ) : null}
          </details>
        ) : null}
        <form class="search" role="search" method="get" action="/">
          <label for="q">Search projects</label>
          <input type="search" id="q" name="q" value={query.q ?? ''} placeholder="e.g. accessibility" maxlength={200} />
          {FILTERS.map(({ param }) => (query[param] ? <input type="hidden" name={param} value={query[param]} /> : null))}
          <button class="button" type="submit">
            Search
          </button>
        </form>
      </section>
      <div class="wrap catalog">
        <Filters query={query} facets={facets} narrowed={narrowed} switching={switching} />
        <div>
          <ActiveFilters query={query} />
          <FilterSuggestion query={query} facets={facets} />
          {featured.length > 0 ? (
            <section aria-labelledby="featured-title">
              <div class="section-head">
                <h2 id="featured-title">Featured</h2>
              </div>
              <ul class="cards featured">
                {featured.map((p, i) => (
                  <li>
                    <ProjectCard project={p} baseUrl={site.baseUrl} featured eager={i === 0} lang={contentLang(site)} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section aria-labelledby="list-title">
            <div class="section-head">
              <h2 id="list-title">{continued ? `${listTitle} (continued)` : listTitle}</h2>
            </div>
            {projects.length === 0 ? (
              <div class="empty">
                <p>
                  <strong>No projects match.</strong> Try another word or remove a filter.
                </p>
                {suggested ? (
                  <p class="suggestion">
                    Did you mean <a href={catalogHref(suggested)}>{suggestionLabel(query, suggested)}</a>?
                  </p>
                ) : null}
                <div class="actions">
                  {query.q && FILTERS.some(({ param }) => query[param] !== undefined) ? (
                    <a class="button secondary" href={catalogHref({ q: query.q })}>
                      Search all projects for “{query.q}”
                    </a>
                  ) : null}
                  <a class="button secondary" href="/">
                    Show all projects
                  </a>
                </div>
              </div>
            ) : (
              <ul class="cards" id="results">
                {projects.map((p, i) => (
                  <li>
                    <ProjectCard project={p} baseUrl={site.baseUrl} eager={i === 0 && featured.length === 0} lang={contentLang(site)} />
                  </li>
                ))}
              </ul>
            )}
            {nextCursor || continued ? (
              // As the Markdown twin's "Pages": forward, and back to the start (cursors only go forward).
              <nav class="pager" aria-label="Pagination">
                {continued ? (
                  <a class="button secondary" rel="first" href={catalogHref(query)}>
                    First page
                  </a>
                ) : null}
                {nextCursor ? (
                  <a class="button secondary" rel="next" href={catalogHref(query, { cursor: nextCursor })}>
                    More projects
                  </a>
                ) : null}
              </nav>
            ) : null}
          </section>
        </div>
      </div>
    </Layout>
  );
};
