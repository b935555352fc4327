import type { OpenAPIHono } from '@hono/zod-openapi';
import type { CatalogService } from '../../catalog/service.js';
import { allProjects } from '../../pages/all-projects.js';
import { API_CATALOG_CONTENT_TYPE, API_CATALOG_PATH, apiCatalog } from '../../pages/api-catalog.js';
import { llmsTxt } from '../../pages/llms-txt.js';
import { robotsTxt, sitemapXml } from '../../pages/sitemap.js';
import type { AppEnv } from '../env.js';
import { sendText } from '../html-response.js';

const CACHE = 'public, max-age=300';

export interface AgentSurfaceOptions {
  catalog: CatalogService;
  publicUrl: string;
  siteName?: string;
}

/** Documents for crawlers and agents: llms.txt, robots.txt, sitemap.xml and the RFC 9727 API catalog. */
export function registerAgentSurfaces(app: OpenAPIHono<AppEnv>, options: AgentSurfaceOptions): void {
  const { catalog, publicUrl } = options;
  const site = { name: options.siteName ?? 'Vitrine', baseUrl: publicUrl };

  app.get('/llms.txt', async (c) =>
    sendText(c, llmsTxt(site, await allProjects(catalog)), { contentType: 'text/plain; charset=utf-8', cacheControl: CACHE, headers: { 'access-control-allow-origin': '*' } }),
  );

  app.get('/robots.txt', (c) => sendText(c, robotsTxt(publicUrl), { contentType: 'text/plain; charset=utf-8', cacheControl: CACHE }));

  app.get('/sitemap.xml', async (c) => {
    const projects = await allProjects(catalog);
    const newest = projects.reduce<string | undefined>((max, p) => (max === undefined || p.updated_at > max ? p.updated_at : max), undefined);
    const entries = [{ loc: `${publicUrl}/`, lastmod: newest }, ...projects.map((p) => ({ loc: p.links.html, lastmod: p.updated_at }))];
    return sendText(c, sitemapXml(entries), { contentType: 'application/xml; charset=utf-8', cacheControl: CACHE });
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
