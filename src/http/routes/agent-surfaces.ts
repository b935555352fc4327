import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { CatalogService } from '../../catalog/service.js';
import { allPageRefs, allProjects } from '../../pages/all-projects.js';
import { API_CATALOG_CONTENT_TYPE, API_CATALOG_PATH, apiCatalog } from '../../pages/api-catalog.js';
import { llmsFullTxt, llmsTxt } from '../../pages/llms-txt.js';
import { robotsTxt } from '../../pages/robots-txt.js';
import { newestOf, SITEMAP_MAX_URLS, sitemapIndexXml, sitemapParts, sitemapXml, type SitemapEntry } from '../../pages/sitemap.js';
import { NotFoundError } from '../../lib/errors.js';
import type { ContentSignals } from '../../config.js';
import type { AppEnv } from '../env.js';
import type { StudioProfile } from '../../studio/profile.js';
import { sendText } from '../responses/html-response.js';
import type { Representation } from '../../lib/representation.js';
import { keptHeaders, sendKept } from '../responses/cached-response.js';

const CACHE = 'public, max-age=300';
const TEXT = 'text/plain; charset=utf-8';

/** RFC 9264 §4.2: link context objects with an anchor, each relation an array of target objects. */
const LinksetSchema = z
  .object({
    linkset: z.array(
      z.object({ anchor: z.string().url() }).catchall(z.array(z.object({ href: z.string().url(), type: z.string().optional(), title: z.string().optional() }))),
    ),
  })
  .openapi({ description: 'An RFC 9727 API catalog in the RFC 9264 JSON linkset format.' });

export interface AgentSurfaceOptions {
  catalog: CatalogService;
  publicUrl: string;
  /** the studio's current profile */
  studio: () => Promise<StudioProfile>;
  contentSignals: ContentSignals;
  /** URLs per sitemap before /sitemap.xml becomes an index (the protocol's 50,000; tests set fewer) */
  sitemapMaxUrls?: number;
}

/** Documents for crawlers and agents: llms.txt, robots.txt, sitemap.xml and the RFC 9727 API catalog. */
export function registerAgentSurfaces(app: OpenAPIHono<AppEnv>, options: AgentSurfaceOptions): void {
  const { catalog, publicUrl } = options;
  const site = async () => ({ name: (await options.studio()).name, baseUrl: publicUrl, studio: await options.studio() });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/llms.txt',
    tags: ['Discovery'],
    operationId: 'getLlmsTxt',
    summary: 'Overview for language models (llmstxt.org): API, MCP, sandbox, auth and every project\'s Markdown mirror',
    responses: {
      200: { description: 'The llms.txt document.', content: { 'text/plain': { schema: { type: 'string' } } }, headers: { ETag: { schema: { type: 'string' } } } },
      304: { description: 'Not modified.' },
    },
  });
  const anyOrigin = { 'access-control-allow-origin': '*' };
  app.get('/llms.txt', async (c) => {
    const doc = await catalog.document('llms.txt', async () => llmsTxt(await site(), await allProjects(catalog)));
    return sendKept(c, doc, keptHeaders(doc, TEXT, CACHE, anyOrigin));
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/llms-full.txt',
    tags: ['Discovery'],
    operationId: 'getLlmsFullTxt',
    summary: 'The whole published catalog in Markdown: /llms.txt followed by every project\'s Markdown mirror',
    responses: {
      200: { description: 'The llms-full.txt document.', content: { 'text/plain': { schema: { type: 'string' } } }, headers: { ETag: { schema: { type: 'string' } } } },
      304: { description: 'Not modified.' },
    },
  });
  app.get('/llms-full.txt', async (c) => {
    // Built once per catalog version (every instance drops it when the catalog changes).
    const doc = await catalog.document('llms-full.txt', async () => llmsFullTxt(await site(), await allProjects(catalog)));
    return sendKept(c, doc, keptHeaders(doc, TEXT, CACHE, anyOrigin));
  });

  const robots = robotsTxt(publicUrl, options.contentSignals);
  app.get('/robots.txt', (c) => sendText(c, robots, { contentType: TEXT, cacheControl: CACHE }));

  // Every published project page (allPageRefs has no cap), the home page first with the
  // newest update; past SITEMAP_MAX_URLS, /sitemap.xml is an index of /sitemaps/<n>.xml.
  const maxUrls = options.sitemapMaxUrls ?? SITEMAP_MAX_URLS;
  const sitemaps = async (): Promise<SitemapEntry[][]> => {
    const pages = (await allPageRefs(catalog)).map((ref) => ({ loc: ref.url, lastmod: ref.updated_at }));
    return sitemapParts([{ loc: `${publicUrl}/`, lastmod: newestOf(pages) }, ...pages], maxUrls);
  };
  const xml = (doc: Representation) => keptHeaders(doc, 'application/xml; charset=utf-8', CACHE, {});
  app.get('/sitemap.xml', async (c) => {
    const doc = await catalog.document('sitemap.xml', async () => {
      const parts = await sitemaps();
      if (parts.length === 1) return sitemapXml(parts[0]!);
      return sitemapIndexXml(parts.map((part, i) => ({ loc: `${publicUrl}/sitemaps/${i + 1}.xml`, lastmod: newestOf(part) })));
    });
    return sendKept(c, doc, xml(doc));
  });
  app.get('/sitemaps/:file', async (c) => {
    const n = Number(/^([1-9]\d{0,5})\.xml$/.exec(c.req.param('file'))?.[1] ?? 0);
    // How many there are is derived once per catalog version, so a name past the last costs no walk.
    const { value: count } = await catalog.derived('sitemap-count', async () => (await sitemaps()).length);
    if (count < 2 || n < 1 || n > count) throw new NotFoundError('no such sitemap');
    const doc = await catalog.document(`sitemaps/${n}`, async () => sitemapXml((await sitemaps())[n - 1] ?? []));
    return sendKept(c, doc, xml(doc));
  });

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: API_CATALOG_PATH,
    tags: ['Discovery'],
    operationId: 'getApiCatalog',
    summary: 'RFC 9727 API catalog: a linkset (RFC 9264) naming the OpenAPI description, documentation and metadata of each API',
    responses: {
      200: {
        description: 'The API catalog.',
        content: {
          'application/linkset+json': { schema: LinksetSchema },
        },
        headers: { ETag: { schema: { type: 'string' } }, Link: { schema: { type: 'string' } } },
      },
      304: { description: 'Not modified.', headers: { Link: { schema: { type: 'string' } } } },
    },
  });
  app.get(API_CATALOG_PATH, (c) =>
    sendText(c, JSON.stringify(apiCatalog(publicUrl), null, 2), {
      contentType: API_CATALOG_CONTENT_TYPE,
      cacheControl: CACHE,
      // RFC 9727 §2: the catalog names itself with the api-catalog relation.
      headers: { link: `<${publicUrl}${API_CATALOG_PATH}>; rel="api-catalog"` },
    }),
  );
}
