import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { cachedJson } from '../../catalog/service.js';
import { SANDBOX_SCENARIOS } from '../../model/sandbox-scenarios.js';
import type { AppEnv } from '../env.js';
import { BEARER_CHECKED } from '../openapi/declarations.js';
import { sendCached } from '../responses/cached-response.js';

export const SANDBOX_PATH = '/api/v1/sandbox';

const SandboxIndexSchema = z
  .object({
    description: z.string(),
    projects_url: z.string().url(),
    studio_url: z.string().url(),
    inquiries_url: z.string().url(),
    scope: z.literal('sandbox:write').openapi({ description: 'The scope a bearer needs for sandbox writes (a free key has it).' }),
    scenario_header: z.literal('Sandbox-Scenario'),
    scenarios: z.array(z.enum(SANDBOX_SCENARIOS)).openapi({ description: 'Failures a sandbox write rehearses when it sends `Sandbox-Scenario`.' }),
    documentation: z.string().url(),
  })
  .openapi('SandboxIndex', { description: 'Where the sandbox is: the fixture catalog, the studio and the inquiry endpoint that stores nothing.' });

/**
 * GET /api/v1/sandbox: the sandbox's index. The key response names this URL as the sandbox's
 * `base_url` and /llms.txt links it, so it answers with the links rather than a 404.
 */
export function registerSandboxIndex(app: OpenAPIHono<AppEnv>, baseUrl: string): void {
  const b = `${baseUrl}${SANDBOX_PATH}`;
  const index = cachedJson({
    description: 'The sandbox: a fixed fixture catalog to read and an inquiry endpoint that validates, answers as the real one does, and stores and sends nothing.',
    projects_url: `${b}/projects`,
    studio_url: `${b}/studio`,
    inquiries_url: `${b}/inquiries`,
    scope: 'sandbox:write' as const,
    scenario_header: 'Sandbox-Scenario' as const,
    scenarios: [...SANDBOX_SCENARIOS],
    documentation: `${baseUrl}/auth.md`,
  });
  const route = createRoute({
    method: 'get',
    path: SANDBOX_PATH,
    tags: ['Sandbox'],
    ...BEARER_CHECKED,
    operationId: 'getSandboxIndex',
    summary: 'The sandbox: links to its fixture catalog, studio and inquiry endpoint, and the failures it rehearses',
    responses: {
      200: { description: 'The sandbox index.', content: { 'application/json': { schema: SandboxIndexSchema } }, headers: { ETag: { schema: { type: 'string' }, required: true } } },
      304: { description: 'Not modified.' },
    },
  });
  app.openapi(route, (c) => sendCached(c, index, 'public, max-age=300') as never);
}
