import type { McpServer } from '@modelcontextprotocol/server';
import { memoizedJsonSchema } from '../nullable-any-of.js';
import type { McpCall, McpDeps } from '../context.js';
import { FacetsSchema } from '../schemas.js';
import { runTool, structuredResult } from '../tool-result.js';
import { searchProjectsInput } from './search-projects.js';

/** search_projects' search and filters, without its order and page: what narrows the counts. */
export const listFacetsInput = searchProjectsInput.pick({ q: true, tag: true, industry: true, service: true, technology: true, year: true, featured: true });

/** Converted to JSON Schema once, not per request (nullable-any-of.ts). */
const listFacetsInputListed = memoizedJsonSchema(listFacetsInput);

export function registerListFacets(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'list_facets',
    {
      title: 'List filter values',
      description:
        'List every tag, industry, service, technology and year in the portfolio with the number of published projects for each, and the total. ' +
        'These values are exactly what search_projects accepts as filters; call this before filtering so you never guess a value. ' +
        'Given q and/or filters (as search_projects takes them), it counts only the projects that search lists: total says how many there are, and each value how many of them have it.',
      inputSchema: listFacetsInputListed,
      outputSchema: FacetsSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(deps.logger, 'list_facets', async () => {
        const read = () => deps.catalog.narrowed(args);
        const facets = await read();
        call.served?.(facets, read);
        return structuredResult({ ...facets.value });
      }, args),
  );
}
