import type { McpServer } from '@modelcontextprotocol/server';
import { memoizedJsonSchema } from '../nullable-any-of.js';
import { z } from 'zod';
import type { McpCall, McpDeps } from '../context.js';
import { ProjectOutput } from '../schemas.js';
import { runTool, structuredResult } from '../tool-result.js';

export const getProjectInput = z.strictObject({
  slug: z.string().min(1).max(80).describe('The project\'s slug, as returned by search_projects (e.g. "atlas-regional-trip-planner").'),
});

/** Converted to JSON Schema once, not per request (nullable-any-of.ts). */
const getProjectInputListed = memoizedJsonSchema(getProjectInput);

export function registerGetProject(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'get_project',
    {
      title: 'Get project details',
      description:
        'Get everything the catalog knows about one project by its slug: the Markdown description, client, industry, services, technologies, tags, year, live URL and images. ' +
        'Fails with not_found for an unknown or unpublished slug; find slugs with search_projects.',
      inputSchema: getProjectInputListed,
      outputSchema: ProjectOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      runTool(deps.logger, 'get_project', async () => {
        const { slug } = args;
        const project = await deps.catalog.get(slug);
        call.served?.(project, () => deps.catalog.get(slug));
        return structuredResult({ ...project.value });
      }, args),
  );
}
