import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { UNMATCHED_ROUTE } from '../../metrics/metrics.js';
import type { AppEnv } from '../env.js';

/**
 * The route pattern a request was routed to, e.g. `/api/v1/projects/:slug`: the last matched
 * route that is a handler rather than a middleware (Hono's own test: a middleware takes `next`).
 * Unlike `c.req.routePath` after `next()`, this is the route even when a middleware answered
 * first (a 429, a 413). When only middleware matched, the app's not-found handler answered: a
 * 405 carries the pattern of the path it names (set there), a 404 is UNMATCHED_ROUTE.
 */
export function routeOf(c: Context<AppEnv>): string {
  const routes = matchedRoutes(c);
  for (let i = routes.length - 1; i >= 0; i -= 1) {
    const route = routes[i]!;
    if (route.handler.length < 2) return route.path;
  }
  return c.get('route') ?? UNMATCHED_ROUTE;
}
