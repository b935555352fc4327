import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { SLUG_PATTERN } from '../../catalog/project.js';
import type { ListInput } from '../../catalog/service.js';
import { searchSuggestion } from '../../catalog/search-suggestion.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { hasCriteria, parseCatalogQuery, suggestedQuery } from '../../pages/catalog-query.js';
import { FILTERS } from '../../pages/labels.js';
import type { Site } from '../../pages/layout.js';
import { assetUrl, type Assets } from '../../pages/assets.js';
import { placeholderSvg } from '../../pages/placeholder-svg.js';
import { RenderedPages } from '../../pages/rendered-pages.js';
import { projectMarkdown } from '../../pages/project-markdown.js';
import { renderAgentsPage, renderCatalogPage, renderProjectPage } from '../../pages/render.js';
import { API_CATALOG_PATH } from '../../pages/api-catalog.js';
import type { AppEnv } from '../env.js';
import { htmlKeptHeaders, imagesCsp } from '../responses/html-response.js';
import { negotiatedSitePage } from '../responses/site-page.js';
import { agentsMarkdown } from '../../pages/agents-content.js';
import { keptHeaders, sendKept } from '../responses/cached-response.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { catalogMarkdown } from '../../pages/catalog-markdown.js';
import { SERVER_CARD_PATH } from '../../mcp/server-card.js';
import { NEGOTIATED_VARY, notAcceptable, pageFormat, selectsHtml } from '../responses/negotiated-page.js';
import { registerInquireRoutes, type InquireRoutesOptions } from './inquire.js';

const PAGE_CACHE = 'public, max-age=60';
const MARKDOWN = 'text/markdown; charset=utf-8';
const PAGE_SIZE = 12;
const FEATURED_LIMIT = 6;

export interface PageRoutesOptions extends InquireRoutesOptions {
  /** whether `site` is what site() would return now without asking the store */
  siteIsCurrent: (site: Site) => boolean;
  assets: Assets;
  /** answers a repeat of a page's URL from the page sent for it (response-cache.ts) */
  cache: ResponseCache;
}

/** A project page's HTML is for every request that does not rank Markdown above it. */

/**
 * The human catalog: server-rendered pages that need no JavaScript, the inquiry form, generated
 * image placeholders and the site stylesheet. Returns the HTML error-page wrappers for app.ts.
 */
export function registerPageRoutes(app: OpenAPIHono<AppEnv>, options: PageRoutesOptions) {
  const { catalog, publicUrl, assets, cache, siteIsCurrent } = options;
  const rendered = new RenderedPages();

  app.get('/assets/:name', (c) => {
    const asset = assets.get(c.req.param('name'));
    if (!asset) throw new NotFoundError(`no asset named "${c.req.param('name')}"`);
    // Versioned URLs (?v=<content hash>) never change meaning, so they may be cached for a year.
    const immutable = c.req.query('v') === asset.version;
    return sendKept(c, asset.representation, keptHeaders(asset.representation, asset.contentType, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300', {}));
  });

  // Browsers ask for /favicon.ico on their own; the icon lives at its content-hashed URL.
  app.get('/favicon.ico', (c) => c.redirect(assetUrl(assets, 'favicon.svg'), 301));

  // /agents for people, and as Markdown for an agent (by Accept, or at /agents.md).
  const fromSite = negotiatedSitePage({ site: options.site, siteIsCurrent, cache, rendered, cacheControl: PAGE_CACHE });
  const agents = { html: renderAgentsPage, markdown: (site: Site) => agentsMarkdown({ name: site.name, baseUrl: site.baseUrl }) };
  app.get('/agents', cache.serve, (c) => fromSite(c, 'agents', agents, false));
  app.get('/agents.md', cache.serve, (c) => fromSite(c, 'agents', agents, true));

  // RFC 8288 / RFC 9727 §3: the home page points programs at every discovery document.
  const homeLink = [
    `<${publicUrl}${API_CATALOG_PATH}>; rel="api-catalog"`,
    `<${publicUrl}/openapi.json>; rel="service-desc"; type="application/vnd.oai.openapi+json"`,
    `<${publicUrl}/docs>; rel="service-doc"; type="text/html"`,
    `<${publicUrl}/mcp>; rel="service"; title="MCP endpoint (Streamable HTTP)"`,
    `<${publicUrl}${SERVER_CARD_PATH}>; rel="describedby"; type="application/mcp-server-card+json"; title="MCP server card"`,
    `<${publicUrl}/llms.txt>; rel="describedby"; type="text/plain"`,
    `<${publicUrl}/auth.md>; rel="describedby"; type="text/markdown"; title="Authentication walkthrough"`,
    `<${publicUrl}/.well-known/oauth-protected-resource>; rel="describedby"; type="application/json"; title="OAuth 2.0 protected resource metadata (RFC 9728)"`,
    `<${publicUrl}/index.md>; rel="alternate"; type="text/markdown"`,
  ].join(', ');

  const home = (twin: boolean) => async (c: Context<AppEnv>) => {
    const format = pageFormat(c, twin);
    if (format === null) return notAcceptable(c, `${publicUrl}/index.md`);
    const site = await options.site();
    const url = new URL(c.req.url);
    const { query, cursor } = parseCatalogQuery(url.searchParams);
    const filtered = hasCriteria(query);
    const criteria: Omit<ListInput, 'limit'> = { q: query.q, tag: query.tag, industry: query.industry, service: query.service, technology: query.technology, year: query.year ? Number(query.year) : undefined };
    const featuredEntry = filtered ? undefined : await catalog.list({ featured: true, limit: FEATURED_LIMIT });
    const featured = featuredEntry?.value.data ?? [];
    // Unfiltered, featured work leads and the list below holds the rest; the cursor is bound to that split.
    const listInput: ListInput = { ...criteria, featured: !filtered && featured.length > 0 ? false : undefined, limit: PAGE_SIZE, cursor };
    let continued = cursor !== undefined;
    const page = await catalog.list(listInput).catch((error: unknown) => {
      // A stale or hand-edited cursor in a browser URL shows the first page (as the first page) rather than an error.
      if (error instanceof ValidationError && cursor) {
        continued = false;
        return catalog.list({ ...listInput, cursor: undefined });
      }
      throw error;
    });
    const view = { query, featured: continued ? [] : featured, projects: page.value.data, nextCursor: page.value.next_cursor, continued };
    const narrowed = filtered ? await catalog.narrowed(criteria) : undefined;
    const facets = await catalog.facets();
    const suggestion = narrowed?.value.total === 0 ? await searchSuggestion(catalog, criteria, facets.value) : undefined;
    if (format === 'text/markdown') {
      const shown = [page, ...(narrowed ? [narrowed] : []), ...(suggestion ? [facets, suggestion.counted] : []), ...(featuredEntry ? [featuredEntry] : [])];
      const markdown = rendered.get(`catalog.md:${url.search}`, [site, ...shown], () => catalogMarkdown({ site: { name: site.name, baseUrl: publicUrl }, ...view, total: narrowed?.value.total, suggested: suggestion && suggestedQuery(suggestion.filter) }));
      const headers = keptHeaders(markdown, MARKDOWN, PAGE_CACHE, { vary: twin ? 'Accept-Encoding' : NEGOTIATED_VARY, link: homeLink });
      // The /index.md twin has one representation; at `/` the cache keeps the HTML (one entry a URL).
      if (twin) cache.offerPage(c, markdown, headers, () => siteIsCurrent(site) && shown.every((entry) => catalog.isCurrent(entry)));
      return sendKept(c, markdown, headers);
    }
    // A chosen group's chips switch its value: each counts what the view would list with it instead.
    const chosen = narrowed ? FILTERS.filter(({ param }) => query[param] !== undefined) : [];
    const switches = await Promise.all(chosen.map(({ param }) => catalog.narrowed({ ...criteria, [param]: undefined })));
    // Everything the page shows comes from the query string and these entries.
    const entries = [page, facets, ...(narrowed ? [narrowed] : []), ...switches, ...(suggestion ? [suggestion.counted] : []), ...(featuredEntry ? [featuredEntry] : [])];
    const switching = Object.fromEntries(chosen.map(({ param }, i) => [param, switches[i]!.value]));
    const html = rendered.get(`catalog:${url.search}`, [site, ...entries], () => renderCatalogPage({ site, ...view, facets: facets.value, narrowed: narrowed?.value, switching, suggested: suggestion && suggestedQuery(suggestion.filter) }));
    const headers = htmlKeptHeaders(html, PAGE_CACHE, { link: homeLink, vary: NEGOTIATED_VARY, 'content-security-policy': imagesCsp([...view.featured, ...view.projects], publicUrl) });
    cache.offerPage(c, html, headers, () => siteIsCurrent(site) && entries.every((entry) => catalog.isCurrent(entry)), selectsHtml);
    return sendKept(c, html, headers);
  };
  app.get('/', cache.serve, home(false));
  app.get('/index.md', cache.serve, home(true));
  // Project pages live under /projects/, the list of them at /: a shortened URL finds the list.
  app.get('/projects', (c) => c.redirect(`/${new URL(c.req.url).search}`, 301));

  app.get('/projects/:slug', cache.serve, async (c) => {
    const requested = c.req.param('slug');
    const mirror = requested.endsWith('.md');
    const slug = mirror ? requested.slice(0, -3) : requested;
    // Slugs are lower case: a link retyped with capitals finds the page (RFC 9110 §15.4.2), the
    // query kept. Only a spelling that is a slug once lowered; anything else is a 404.
    const lowered = slug.toLowerCase();
    if (lowered !== slug && lowered.length <= 80 && SLUG_PATTERN.test(lowered)) return c.redirect(`/projects/${lowered}${mirror ? '.md' : ''}${new URL(c.req.url).search}`, 301);
    if (slug.length > 80 || !SLUG_PATTERN.test(slug)) throw new NotFoundError(`no published project has the slug "${slug}"`);
    const entry = await catalog.get(slug);
    const project = entry.value;
    const markdownUrl = `${publicUrl}/projects/${slug}.md`;
    // RFC 9110 §12.5.1 / §12.5.5: one URL, HTML or Markdown by Accept, so caches must key on it;
    // an Accept that allows neither is a 406, as on the home page.
    const vary = NEGOTIATED_VARY;
    const format = pageFormat(c, mirror);
    if (format === null) return notAcceptable(c, markdownUrl);
    const { list: industry, projects: related } = await catalog.relatedTo(project);
    if (format === 'text/markdown') {
      const markdown = rendered.get(`project.md:${slug}`, [entry, industry], () => projectMarkdown(project, publicUrl, related));
      if (!mirror) return sendKept(c, markdown, keptHeaders(markdown, MARKDOWN, PAGE_CACHE, { vary, 'content-location': markdownUrl }));
      const headers = keptHeaders(markdown, MARKDOWN, PAGE_CACHE, { link: `<${project.links.html}>; rel="canonical"`, vary: 'Accept-Encoding' });
      cache.offerPage(c, markdown, headers, () => catalog.isCurrent(entry) && catalog.isCurrent(industry));
      return sendKept(c, markdown, headers);
    }
    const site = await options.site();
    const html = rendered.get(`project:${slug}`, [site, entry, industry], () => renderProjectPage(site, project, related));
    const headers = htmlKeptHeaders(html, PAGE_CACHE, { vary, link: `<${markdownUrl}>; rel="alternate"; type="text/markdown", <${project.links.self}>; rel="alternate"; type="application/json"`, 'content-security-policy': imagesCsp([project, ...related], publicUrl) });
    cache.offerPage(c, html, headers, () => siteIsCurrent(site) && catalog.isCurrent(entry) && catalog.isCurrent(industry), selectsHtml);
    return sendKept(c, html, headers);
  });

  app.get('/images/:slug/:file', cache.serve, async (c) => {
    const slug = c.req.param('slug');
    const match = /^([1-9]\d?)\.svg$/.exec(c.req.param('file'));
    if (!match || slug.length > 80 || !SLUG_PATTERN.test(slug)) throw new NotFoundError('no such image');
    const entry = await catalog.get(slug);
    const project = entry.value;
    const index = Number(match[1]);
    const total = Math.max(project.images.length, 1);
    if (index > total) throw new NotFoundError('no such image');
    // A catalog page shows one per project: kept and answered by the lane like the pages.
    const svg = rendered.get(`svg:${slug}:${index}`, [entry], () => placeholderSvg({ slug, title: project.title, index, total, alt: project.images[index - 1]?.alt }));
    // An SVG opened directly is a document: no script, no plugins, no navigation.
    const headers = keptHeaders(svg, 'image/svg+xml', 'public, max-age=86400', { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox", vary: 'Accept-Encoding' });
    cache.offerPage(c, svg, headers, () => catalog.isCurrent(entry));
    return sendKept(c, svg, headers);
  });

  registerInquireRoutes(app, options);
}
