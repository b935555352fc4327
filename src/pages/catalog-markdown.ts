import type { ApiProject } from '../catalog/api-project.js';
import { catalogHref, hasCriteria, suggestionLabel, type CatalogQuery } from './catalog-query.js';
import { FILTERS, humanize } from './labels.js';
import { markdownText } from './project-markdown.js';

export interface CatalogMarkdownView {
  site: { name: string; baseUrl: string };
  query: CatalogQuery;
  featured: readonly ApiProject[];
  projects: readonly ApiProject[];
  nextCursor: string | null;
  continued: boolean;
  /** how many projects a searched or filtered view lists in all */
  total?: number | undefined;
  /** a corrected view that lists projects, when this one lists none */
  suggested?: CatalogQuery | undefined;
}

/** The Markdown twin of a catalog URL: `/?q=x` ↔ `/index.md?q=x`, so agents page in Markdown. */
export function markdownHref(baseUrl: string, query: CatalogQuery, changes: Partial<CatalogQuery> & { cursor?: string } = {}): string {
  return baseUrl + catalogHref(query, changes).replace(/^\/(\?|$)/, '/index.md$1');
}

function item(p: ApiProject): string {
  const facts = [humanize(p.industry), String(p.year), ...p.tags.slice(0, 4).map(humanize)].map(markdownText).join(' · ');
  return `- [${markdownText(p.title)}](<${p.links.html}.md>): ${markdownText(p.summary)} (${facts})`;
}

/**
 * The home page as Markdown: the same projects, active filters and paging links as the HTML
 * catalog, each project linking to its own Markdown mirror.
 */
export function catalogMarkdown(view: CatalogMarkdownView): string {
  const { site, query } = view;
  const b = site.baseUrl;
  const lines = [`# ${markdownText(site.name)} portfolio`, '', `> Projects the studio has delivered. Filter with \`q\`, ${FILTERS.map((f) => `\`${f.param}\``).join(', ')} on this URL; the JSON API is at <${b}/api/v1/projects>.`, ''];
  if (hasCriteria(query)) {
    lines.push('## Active filters', '');
    if (query.q) lines.push(`- Search: “${markdownText(query.q)}” ([remove](<${markdownHref(b, query, { q: undefined })}>))`);
    for (const { param, label } of FILTERS) {
      const value = query[param];
      if (value !== undefined) lines.push(`- ${label}: ${markdownText(param === 'year' ? value : humanize(value))} ([remove](<${markdownHref(b, query, { [param]: undefined })}>))`);
    }
    lines.push(`- [Clear all](<${b}/index.md>)`, '');
  }
  if (view.featured.length > 0) lines.push('## Featured work', '', ...view.featured.map(item), '');
  const matching = view.total ? `${view.total} matching ${view.total === 1 ? 'project' : 'projects'}` : 'Matching projects';
  lines.push(view.continued ? (hasCriteria(query) ? `## ${matching} (continued)` : '## More projects') : hasCriteria(query) ? `## ${matching}` : '## All projects', '');
  lines.push(...(view.projects.length > 0 ? view.projects.map(item) : ['No published project matches these filters.']), '');
  if (view.suggested) lines.push(`Did you mean ${markdownText(suggestionLabel(query, view.suggested))}? <${markdownHref(b, view.suggested)}>`, '');
  const paging = [
    ...(view.nextCursor ? [`- Next page: <${markdownHref(b, query, { cursor: view.nextCursor })}>`] : []),
    ...(view.continued ? [`- First page: <${markdownHref(b, query)}>`] : []),
  ];
  if (paging.length > 0) lines.push('## Pages', '', ...paging, '');
  lines.push('## Elsewhere', '', `- Send an inquiry: <${b}/inquire.md>`, `- API summary: <${b}/docs.md>`, `- Everything at once: <${b}/llms-full.txt>`, '');
  return lines.join('\n');
}
