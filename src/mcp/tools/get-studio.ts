import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { toApiStudio } from '../../studio/api-studio.js';
import type { McpCall, McpDeps } from '../context.js';
import { StudioOutput } from '../schemas.js';
import { runTool, structuredResult } from '../tool-result.js';

export const getStudioInput = z.strictObject({});

export function registerGetStudio(server: McpServer, deps: McpDeps, call: McpCall): void {
  server.registerTool(
    'get_studio',
    {
      title: 'Get the studio profile',
      description:
        'Who is behind this catalog: the studio\'s name, tagline, introduction (Markdown), the services it offers, where it is, its contact email, links (website, LinkedIn, GitHub, …) and logo. ' +
        'Use it to answer "who is this studio, what do they do, where are they"; find their work with search_projects.',
      inputSchema: getStudioInput,
      outputSchema: StudioOutput,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    () =>
      runTool(deps.logger, 'get_studio', async () => {
        const entry = await deps.studio.entry();
        call.served?.(entry, () => deps.studio.entry());
        return structuredResult({ ...toApiStudio(entry.value, deps.baseUrl) });
      }),
  );
}
