import type { OpenAPIHono } from '@hono/zod-openapi';
import { NotFoundError } from '../../lib/errors.js';
import { PROBLEM_TYPES, PROBLEMS_PATH, problemType } from '../../lib/problem-types.js';
import type { Site } from '../../pages/layout.js';
import { RenderedPages } from '../../pages/rendered-pages.js';
import { renderProblemTypePage, renderProblemTypesPage } from '../../pages/render.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { negotiatedSitePage } from '../responses/site-page.js';
import type { Context } from 'hono';
import { problemTypeMarkdown, problemTypesMarkdown } from '../../pages/problem-types-markdown.js';

const PAGE_CACHE = 'public, max-age=3600';

export interface ProblemTypeRouteOptions {
  site: () => Promise<Site>;
  siteIsCurrent: (site: Site) => boolean;
  cache: ResponseCache;
}

/**
 * GET /problems and /problems/{type}: what every problem `type` URI of the API documents (RFC
 * 9457 §3.1.1), as pages in the site's frame, or as Markdown (by Accept, or at `/problems.md` and
 * `/problems/{type}.md`). An unknown type is the 404 problem (a machine path, responses/html-errors.ts).
 */
export function registerProblemTypeRoutes(app: OpenAPIHono<AppEnv>, options: ProblemTypeRouteOptions): void {
  const page = negotiatedSitePage({ ...options, rendered: new RenderedPages(), cacheControl: PAGE_CACHE });
  const index = (twin: boolean) => (c: Context<AppEnv>) =>
    page(c, 'problems', { html: (site) => renderProblemTypesPage(site, PROBLEM_TYPES), markdown: (site) => problemTypesMarkdown(markdownSite(site), PROBLEM_TYPES) }, twin);
  app.get(`${PROBLEMS_PATH}.md`, options.cache.serve, index(true));
  app.get(PROBLEMS_PATH, options.cache.serve, index(false));
  app.get(`${PROBLEMS_PATH}/:type`, options.cache.serve, (c) => {
    const name = c.req.param('type');
    const twin = name.endsWith('.md');
    const type = problemType(twin ? name.slice(0, -3) : name);
    if (!type) throw new NotFoundError(`No problem type is named "${name}"; ${PROBLEMS_PATH} lists them all.`);
    return page(c, `problem:${type.slug}`, { html: (site) => renderProblemTypePage(site, type), markdown: (site) => problemTypeMarkdown(markdownSite(site), type) }, twin);
  });
}

/** What the Markdown forms name: the studio and the public address. */
function markdownSite(site: Site): { name: string; baseUrl: string } {
  return { name: site.name, baseUrl: site.baseUrl };
}
