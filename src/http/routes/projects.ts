import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { CatalogService } from '../../catalog/service.js';
import { sendCached } from '../cached-response.js';
import type { AppEnv } from '../env.js';
import { FacetsSchema, ProjectListSchema, ProjectSchema, problemResponse } from '../schemas.js';

const CACHE_CONTROL = 'public, max-age=60';
const term = z.string().trim().min(1).max(60);

export const listQuerySchema = z
  .object({
    q: z.string().max(200).optional().openapi({ description: 'Full-text search over title, summary, description, client, tags, services and technologies.' }),
    tag: term.optional(),
    industry: term.optional(),
    service: term.optional(),
    technology: term.optional(),
    year: z.coerce.number().int().min(1970).max(2100).optional(),
    featured: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    sort: z
      .enum(['relevance', '-published_at', 'title', '-year'])
      .optional()
      .openapi({ description: 'Default: relevance when `q` is given, otherwise -published_at.' }),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().max(512).optional().openapi({ description: 'Opaque; the `next_cursor` of the previous page.' }),
  })
  .strict();

const slugParam = z.object({ slug: z.string().min(1).max(80).openapi({ param: { name: 'slug', in: 'path' } }) });

export interface CatalogRouteOptions {
  service: CatalogService;
  /** e.g. /api/v1/projects or /api/v1/sandbox/projects */
  path: string;
  facetsPath?: string;
  operationPrefix: string;
  tag: string;
}

/** GET list and detail (and facets) for one catalog: the real one or the sandbox fixture. */
export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>, options: CatalogRouteOptions): void {
  const { service, path, tag, operationPrefix } = options;
  const badRequest = problemResponse('Invalid query parameter (unknown parameter, sort, out-of-range limit or malformed cursor).');

  app.openapi(
    createRoute({
      method: 'get',
      path,
      tags: [tag],
      operationId: `list${operationPrefix}Projects`,
      summary: 'List and search published projects',
      request: { query: listQuerySchema },
      responses: {
        200: {
          description: 'A page of projects. `Link: rel="next"` points to the next page.',
          content: { 'application/json': { schema: ProjectListSchema } },
          headers: { ETag: { schema: { type: 'string' } }, Link: { schema: { type: 'string' } } },
        },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
        400: badRequest,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await service.list(query);
      const extra: Record<string, string> = {};
      if (page.value.next_cursor) {
        const next = new URL(`${c.get('baseUrl')}${path}`);
        for (const [key, value] of new URL(c.req.url).searchParams) if (key !== 'cursor') next.searchParams.append(key, value);
        next.searchParams.set('cursor', page.value.next_cursor);
        // RFC 8288 §3: a web link to the next page of the same query.
        extra.link = `<${next.href}>; rel="next"`;
      }
      return sendCached(c, page, CACHE_CONTROL, extra) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: `${path}/{slug}`,
      tags: [tag],
      operationId: `get${operationPrefix}Project`,
      summary: 'Get one published project by slug',
      request: { params: slugParam },
      responses: {
        200: { description: 'The project.', content: { 'application/json': { schema: ProjectSchema } }, headers: { ETag: { schema: { type: 'string' } } } },
        304: { description: 'Not modified.' },
        404: problemResponse('No published project has this slug.'),
      },
    }),
    async (c) => sendCached(c, await service.get(c.req.valid('param').slug), CACHE_CONTROL) as never,
  );

  if (options.facetsPath) {
    app.openapi(
      createRoute({
        method: 'get',
        path: options.facetsPath,
        tags: [tag],
        operationId: `list${operationPrefix}Facets`,
        summary: 'Counts per tag, industry, service, technology and year (valid filter values)',
        responses: {
          200: { description: 'Facet counts over published projects.', content: { 'application/json': { schema: FacetsSchema } } },
          304: { description: 'Not modified.' },
        },
      }),
      async (c) => sendCached(c, await service.facets(), CACHE_CONTROL) as never,
    );
  }
}
