import type { McpServer } from '@modelcontextprotocol/server';
import { memoizedJsonSchema } from '../nullable-any-of.js';
import { z } from 'zod';
import type { ApiProject } from '../../catalog/api-project.js';
import { searchSuggestion } from '../../catalog/search-suggestion.js';
import type { McpCall, McpDeps } from '../context.js';
import { ProjectPageOutput } from '../schemas.js';
import { runTool, structuredResult } from '../tool-result.js';

const term = z.string().trim().min(1).max(60);

/** The filters of GET /api/v1/projects, typed for JSON arguments; a smaller page by default to save context. */
export const searchProjectsInput = z.strictObject({
  q: z.string().max(200).optional().describe('Full-text search words, matched as prefixes against title, summary, description, client, tags, services and technologies. A word with + or # (c++, c#) matches projects with that tag, service or technology. Not the industry or the year: use those filters (their values are in list_facets).'),
  tag: term.optional().describe('Only projects with this tag (see list_facets).'),
  industry: term.optional().describe('Only projects in this industry (see list_facets).'),
  service: term.optional().describe('Only projects where the studio delivered this service (see list_facets).'),
  technology: term.optional().describe('Only projects built with this technology (see list_facets).'),
  year: z.number().int().min(1970).max(2100).optional().describe('Only projects delivered in this year.'),
  featured: z.boolean().optional().describe('true: only featured projects; false: only non-featured ones.'),
  sort: z.enum(['relevance', '-published_at', 'title', '-year']).optional().describe('Default: relevance when q is given, otherwise -published_at (newest first).'),
  limit: z.number().int().min(1).max(25).default(5).describe('Projects per page, 1–25 (default 5).'),
  cursor: z.string().max(512).optional().describe('next_cursor from the previous page; repeat the same q, filters and sort with it.'),
});

function compact(project: ApiProject) {
  return { slug: project.slug, title: project.title, summary: project.summary, tags: project.tags, year: project.year, url: project.links.html };
}

/** Converted to JSON Schema once, not per request (nullable-any-of.ts). */
const searchProjectsInputListed = memoizedJsonSchema(searchProjectsInput);

export function registerSearchProjects(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'search_projects',
    {
      title: 'Search the portfolio',
      description:
        'Find delivered projects in the studio\'s portfolio by full-text query and/or filters (tag, industry, service, technology, year, featured). ' +
        'Returns compact entries (slug, title, summary, tags, year, url) and next_cursor for paging. ' +
        'Use list_facets first to learn valid filter values; call get_project with a slug for the full description.',
      inputSchema: searchProjectsInputListed,
      outputSchema: ProjectPageOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(deps.logger, 'search_projects', async () => {
        // The same cached service call as GET /api/v1/projects, so results and cursors agree.
        const page = await deps.catalog.list(args);
        call.served?.(page, () => deps.catalog.list(args));
        const result = structuredResult({ projects: page.value.data.map(compact), next_cursor: page.value.next_cursor });
        if (page.value.data.length > 0 || !args.q || args.cursor) return result;
        // Nothing found: a misspelt search is offered its correction, as the catalog page does.
        const facets = await deps.catalog.facets();
        call.served?.(facets, () => deps.catalog.facets());
        const suggestion = await searchSuggestion(deps.catalog, args, facets.value);
        if (!suggestion) return result;
        call.served?.(suggestion.counted, () => deps.catalog.narrowed(suggestion.filter));
        const meant = suggestion.filter.q ? `q: ${JSON.stringify(suggestion.filter.q)}` : `industry: ${JSON.stringify(suggestion.filter.industry)} (without q: the search does not cover the industry)`;
        return { ...result, content: [...result.content, { type: 'text', text: `No project matches q ${JSON.stringify(args.q)}. Did you mean ${meant}? Call search_projects again with it.` }] };
      }, args),
  );
}
