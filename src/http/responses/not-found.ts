import { ERROR_CODES } from '../../lib/errors.js';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { problem } from './problem.js';
import { respondWith } from './response-headers.js';
import { answeredMethod } from '../middleware/head-length.js';

interface RoutePattern {
  path: string;
  regex: RegExp;
  methods: Set<string>;
  /** how many of its segments are parameters: the fewer, the more specific */
  params: number;
}

const isParameter = (segment: string) => segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}'));

function compile(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (isParameter(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

const tables = new WeakMap<Hono<AppEnv>, RoutePattern[]>();

/** The route table of `app`, read once, on first use, when every route is registered. */
function patternsOf(app: Hono<AppEnv>): RoutePattern[] {
  let patterns = tables.get(app);
  if (!patterns) {
    const byPath = new Map<string, Set<string>>();
    for (const route of app.routes) {
      if (route.method === 'ALL' || route.path.includes('*')) continue;
      const methods = byPath.get(route.path) ?? new Set<string>();
      methods.add(route.method);
      byPath.set(route.path, methods);
    }
    patterns = [...byPath].map(([p, methods]) => ({ path: p, regex: compile(p), methods, params: p.split('/').filter(isParameter).length }));
    tables.set(app, patterns);
  }
  return patterns;
}

/** The methods `app` serves at `path` (empty: none). */
export function methodsServing(app: Hono<AppEnv>, path: string): Set<string> {
  const allowed = new Set<string>();
  for (const pattern of patternsOf(app)) if (pattern.regex.test(path)) for (const m of pattern.methods) allowed.add(m);
  return allowed;
}

/** The most specific route pattern `app` serves `path` under (`/api/v1/projects/:slug`), if any. */
function routeServing(app: Hono<AppEnv>, path: string): string | undefined {
  let best: RoutePattern | undefined;
  for (const pattern of patternsOf(app)) if (pattern.regex.test(path) && (best === undefined || pattern.params < best.params)) best = pattern;
  return best?.path;
}

/** 404 for paths nothing serves, 405 with `Allow` (RFC 9110 §15.5.6) for paths served under other methods. */
export function notFoundHandler(app: Hono<AppEnv>) {
  return (c: Context<AppEnv>): Response => {
    const path = c.req.path;
    const allowed = methodsServing(app, path);
    if (allowed.size > 0 && !allowed.has(c.req.method)) {
      // No handler matched, but the path is a route's: the metrics count it there (route-of.ts).
      c.set('route', routeServing(app, path)!);
      if (allowed.has('GET')) allowed.add('HEAD');
      allowed.add('OPTIONS');
      const allow = [...allowed].sort().join(', ');
      // RFC 9110 §9.3.7: OPTIONS asks what the resource allows, which is the answer, not a 405
      // (whose Allow would name OPTIONS itself).
      if (c.req.method === 'OPTIONS') return respondWith(c, null, 204, { allow });
      return problem(c, { status: 405, code: ERROR_CODES.methodNotAllowed, title: 'Method not allowed', detail: `${answeredMethod(c)} is not supported on ${path}; use ${allow}.` }, { allow });
    }
    const trimmed = withoutTrailingSlash(c, app);
    if (trimmed !== undefined) return respondWith(c, null, 301, { location: trimmed });
    return problem(c, { status: 404, code: ERROR_CODES.notFound, title: 'Not found', detail: `Nothing is served at ${path}. The API is described at /openapi.json.` });
  };
}

/**
 * `/inquire/` for `/inquire`: a read of a path nothing serves, but that a route serves without
 * its trailing slash, is sent there (301, RFC 9110 §15.4.2), query kept. The Location is a path
 * on this server (§10.2.2 allows a relative reference), never built from the Host header, and a
 * path that would start with `//` (another host, to a browser) is left to the 404.
 */
function withoutTrailingSlash(c: Context<AppEnv>, app: Hono<AppEnv>): string | undefined {
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return undefined;
  const routed = c.req.path;
  if (routed.length < 2 || !routed.endsWith('/') || !methodsServing(app, routed.slice(0, -1)).has('GET')) return undefined;
  const url = new URL(c.req.url);
  if (!url.pathname.endsWith('/') || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname.slice(0, -1)}${url.search}`;
}
