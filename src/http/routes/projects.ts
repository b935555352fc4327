import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Cached, CatalogService } from '../../catalog/service.js';
import { sendCached } from '../responses/cached-response.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { FacetsSchema, ProjectListSchema, ProjectSchema, problemResponse, queryInteger } from '../openapi/schemas.js';
import { BEARER_CHECKED } from '../openapi/declarations.js';
import { validationHookWith } from '../middleware/validation.js';
import { LIST_ALIASES } from '../../catalog/list-aliases.js';
import { NotFoundError } from '../../lib/errors.js';

const CACHE_CONTROL = 'public, max-age=60';
const term = z.string().trim().min(1).max(60);

export const listQuerySchema = z
  .object({
    q: z.string().max(200).optional().openapi({ description: 'Full-text search over title, summary, description, client, tags, services and technologies; each word matches as a prefix. A word with + or # (`c++`, `c#`) matches the projects with that tag, service or technology. The industry and the year are not searched: filter by them (values at /api/v1/facets).' }),
    tag: term.optional(),
    industry: term.optional(),
    service: term.optional(),
    technology: term.optional(),
    year: queryInteger(1970, 2100).optional(),
    featured: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    sort: z
      .enum(['relevance', '-published_at', 'title', '-year'])
      .optional()
      .openapi({ description: 'Default: relevance when `q` is given, the studio\'s own order with `featured=true`, otherwise -published_at.' }),
    limit: queryInteger(1, 100).default(20),
    cursor: z.string().max(512).optional().openapi({ description: 'Opaque; the `next_cursor` of the previous page.' }),
  })
  .strict();

/** What narrows the facets: the list's search and filters, without its order and page. */
const facetsQuerySchema = listQuerySchema.pick({ q: true, tag: true, industry: true, service: true, technology: true, year: true, featured: true }).strict();

const slugParam = z.object({ slug: z.string().min(1).max(80).openapi({ param: { name: 'slug', in: 'path' } }) });

export interface CatalogRouteOptions {
  service: CatalogService;
  /** e.g. /api/v1/projects or /api/v1/sandbox/projects */
  path: string;
  facetsPath?: string;
  operationPrefix: string;
  tag: string;
  /** answers a repeat of a URL from the representation sent for it (response-cache.ts) */
  cache: ResponseCache;
}

/**
 * RFC 8288 §3: a web link to the next page of the same query: the request's parameters in their
 * order, serialized as URLSearchParams does, with `cursor` last. `base` is a URL's href (no query).
 * A query of visible ASCII is read by URLSearchParams alone (from its `?`, which it drops), not by
 * parsing the whole request URL again (~2 µs a page): the form decoding reads such a query as the
 * URL parser would. Any other goes through the parser: Node 20's URLSearchParams misreads raw
 * non-ASCII beside percent-escapes (`%2€` gives U+FFFD).
 */
export function nextLink(base: string, requestUrl: string, cursor: string): string {
  const query = requestUrl.indexOf('?');
  const params = query < 0 ? new URLSearchParams() : VISIBLE_ASCII.test(requestUrl) ? new URLSearchParams(requestUrl.slice(query)) : new URL(requestUrl).searchParams;
  params.delete('cursor');
  params.append('cursor', cursor);
  return `<${base}?${params}>; rel="next"`;
}

/** visible ASCII but `#`, which would end the query (a fragment) */
const VISIBLE_ASCII = /^[\x21\x22\x24-\x7e]*$/;

/** The href of `base`, parsed once while it stays the same (the app's public URL and a route's path). */
function hrefOf(): (base: string) => string {
  let last: string | undefined;
  let href = '';
  return (base) => {
    if (base !== last) href = new URL((last = base)).href;
    return href;
  };
}

/** GET list and detail (and facets) for one catalog: the real one or the sandbox fixture. */
export function registerCatalogRoutes(app: OpenAPIHono<AppEnv>, options: CatalogRouteOptions): void {
  const { service, path, tag, operationPrefix, cache } = options;
  // Every answer goes through here, so the response cache holds exactly what the route sent.
  const send = (c: Context, entry: Cached<unknown>, extra: Readonly<Record<string, string>> = {}): Response => {
    cache.offer(c, entry, CACHE_CONTROL, extra, () => service.isCurrent(entry));
    return sendCached(c, entry, CACHE_CONTROL, extra);
  };
  const listHref = hrefOf();
  const badRequest = problemResponse('Invalid query parameter (unknown parameter, sort, out-of-range limit or malformed cursor).');

  const listRoute = createRoute({
    method: 'get',
    path,
    middleware: [cache.serve] as const,
    tags: [tag],
    ...BEARER_CHECKED,
    operationId: `list${operationPrefix}Projects`,
    summary: operationPrefix === 'Sandbox' ? 'List and search the sandbox\'s fixture projects' : 'List and search published projects',
    request: { query: listQuerySchema },
    responses: {
      200: {
        description: 'A page of projects. `Link: rel="next"` points to the next page.',
        content: { 'application/json': { schema: ProjectListSchema } },
        headers: { ETag: { schema: { type: 'string' } }, Link: { schema: { type: 'string' } } },
      },
      // RFC 9110 §15.4.5: the 304 repeats Link with the ETag, so a cache's stored page keeps its next link.
      304: { description: 'Not modified (If-None-Match matched the ETag).', headers: { Link: { schema: { type: 'string' } } } },
      400: badRequest,
    },
  });
  app.openapi(
    listRoute,
    async (c) => {
      const page = await service.list(c.req.valid('query'));
      const cursor = page.value.next_cursor;
      return (cursor ? send(c, page, { link: nextLink(listHref(`${c.get('baseUrl')}${path}`), c.req.url, cursor) }) : send(c, page)) as never;
    },
    validationHookWith({ query: listQuerySchema }, LIST_ALIASES) as never,
  );

  const getRoute = createRoute({
    method: 'get',
    path: `${path}/{slug}`,
    middleware: [cache.serve] as const,
    tags: [tag],
    ...BEARER_CHECKED,
    operationId: `get${operationPrefix}Project`,
    summary: operationPrefix === 'Sandbox' ? 'Get one of the sandbox\'s fixture projects by slug' : 'Get one published project by slug',
    request: { params: slugParam },
    responses: {
      200: { description: 'The project.', content: { 'application/json': { schema: ProjectSchema } }, headers: { ETag: { schema: { type: 'string' } } } },
      304: { description: 'Not modified.' },
      404: problemResponse('No published project has this slug.'),
    },
  });
  app.openapi(getRoute, async (c) => {
    const { slug } = c.req.valid('param');
    const project = await service.get(slug).catch((error: unknown) => {
      // A 404 that says where the valid slugs are (docs/design.md §11.1: say what to do).
      if (error instanceof NotFoundError) throw new NotFoundError(`No published project has the slug "${slug}"; the slugs are listed at ${c.get('baseUrl')}${path}.`);
      throw error;
    });
    return send(c, project) as never;
  });

  if (options.facetsPath) {
    app.openapi(
      createRoute({
        method: 'get',
        path: options.facetsPath,
        middleware: [cache.serve] as const,
        tags: [tag],
        ...BEARER_CHECKED,
        operationId: `list${operationPrefix}Facets`,
        summary: 'Counts per tag, industry, service, technology and year (valid filter values), of the whole catalog or of a search',
        description:
          'Without parameters: every value of the published catalog. With `q` and/or filters (as on the project list): only the values of the projects the list gives for them, each with how many of those projects have it, and `total`, how many it lists.',
        // Unknown parameters (sort, limit, a typo) are refused, never silently ignored.
        request: { query: facetsQuerySchema },
        responses: {
          200: { description: 'Facet counts and their `total`.', content: { 'application/json': { schema: FacetsSchema } }, headers: { ETag: { schema: { type: 'string' } } } },
          400: problemResponse('A parameter is malformed or unknown.'),
          304: { description: 'Not modified.' },
        },
      }),
      async (c) => send(c, await service.narrowed(c.req.valid('query'))) as never,
      validationHookWith({ query: facetsQuerySchema }, LIST_ALIASES) as never,
    );
  }
}
