import type { OpenAPIHono } from '@hono/zod-openapi';
import { NotFoundError } from '../../lib/errors.js';
import { PROBLEM_TYPES, PROBLEMS_PATH, problemType } from '../../lib/problem-types.js';
import type { Site } from '../../pages/layout.js';
import { RenderedPages } from '../../pages/rendered-pages.js';
import { renderProblemTypePage, renderProblemTypesPage } from '../../pages/render.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { sitePage } from '../responses/site-page.js';

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
  const page = sitePage({ ...options, rendered: new RenderedPages(), cacheControl: PAGE_CACHE });
  app.get(PROBLEMS_PATH, options.cache.serve, (c) => page(c, 'problems', (site) => renderProblemTypesPage(site, PROBLEM_TYPES)));
  app.get(`${PROBLEMS_PATH}/:type`, options.cache.serve, (c) => {
    const type = problemType(c.req.param('type'));
    if (!type) throw new NotFoundError(`No problem type is named "${c.req.param('type')}"; ${PROBLEMS_PATH} lists them all.`);
    return page(c, `problem:${type.slug}`, (site) => renderProblemTypePage(site, type));
  });
}
