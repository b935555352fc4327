import type { McpServer } from '@modelcontextprotocol/server';
import { memoizedJsonSchema } from '../nullable-any-of.js';
import { z } from 'zod';
import type { McpCall, McpDeps } from '../context.js';
import { FacetsSchema } from '../schemas.js';
import { runTool, structuredResult } from '../tool-result.js';

export const listFacetsInput = z.strictObject({});

/** Converted to JSON Schema once, not per request (nullable-any-of.ts). */
const listFacetsInputListed = memoizedJsonSchema(listFacetsInput);

export function registerListFacets(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'list_facets',
    {
      title: 'List filter values',
      description:
        'List every tag, industry, service, technology and year in the portfolio with the number of published projects for each. ' +
        'These values are exactly what search_projects accepts as filters; call this before filtering so you never guess a value.',
      inputSchema: listFacetsInputListed,
      outputSchema: FacetsSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool(deps.logger, 'list_facets', async () => {
        const facets = await deps.catalog.facets();
        call.served?.(facets, () => deps.catalog.facets());
        return structuredResult({ ...facets.value });
      }),
  );
}
