import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { NotFoundError } from '../../lib/errors.js';
import { PROBLEM_TYPES, PROBLEMS_PATH, problemType } from '../../lib/problem-types.js';
import type { Site } from '../../pages/layout.js';
import { RenderedPages } from '../../pages/rendered-pages.js';
import { renderProblemTypePage, renderProblemTypesPage } from '../../pages/render.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { sendKept } from '../responses/cached-response.js';
import { htmlKeptHeaders } from '../responses/html-response.js';

const PAGE_CACHE = 'public, max-age=3600';

export interface ProblemTypeRouteOptions {
  site: () => Promise<Site>;
  siteIsCurrent: (site: Site) => boolean;
  cache: ResponseCache;
}

/**
 * GET /problems and /problems/{type}: what every problem `type` URI of the API documents (RFC
 * 9457 §3.1.1), as pages in the site's frame. An unknown type is the 404 problem (a machine path,
 * responses/html-errors.ts).
 */
export function registerProblemTypeRoutes(app: OpenAPIHono<AppEnv>, options: ProblemTypeRouteOptions): void {
  const rendered = new RenderedPages();
  const page = async (c: Context<AppEnv>, key: string, render: (site: Site) => string) => {
    const site = await options.site();
    const html = rendered.get(key, [site], () => render(site));
    const headers = htmlKeptHeaders(html, PAGE_CACHE, {});
    options.cache.offerPage(c, html, headers, () => options.siteIsCurrent(site));
    return sendKept(c, html, headers);
  };
  app.get(PROBLEMS_PATH, options.cache.serve, (c) => page(c, 'problems', (site) => renderProblemTypesPage(site, PROBLEM_TYPES)));
  app.get(`${PROBLEMS_PATH}/:type`, options.cache.serve, (c) => {
    const type = problemType(c.req.param('type'));
    if (!type) throw new NotFoundError(`No problem type is named "${c.req.param('type')}"; ${PROBLEMS_PATH} lists them all.`);
    return page(c, `problem:${type.slug}`, (site) => renderProblemTypePage(site, type));
  });
}
