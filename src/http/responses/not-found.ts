import { ERROR_CODES } from '../../lib/errors.js';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../env.js';
import { problem } from './problem.js';

interface RoutePattern {
  regex: RegExp;
  methods: Set<string>;
}

function compile(path: string): RegExp {
  const pattern = path
    .split('/')
    .map((segment) => (segment.startsWith(':') || (segment.startsWith('{') && segment.endsWith('}')) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
}

const tables = new WeakMap<Hono<AppEnv>, RoutePattern[]>();

/**
 * The methods `app` serves at `path` (empty: none). The route table is read from the app once,
 * on first use, when every route is registered.
 */
export function methodsServing(app: Hono<AppEnv>, path: string): Set<string> {
  let patterns = tables.get(app);
  if (!patterns) {
    const byPath = new Map<string, Set<string>>();
    for (const route of app.routes) {
      if (route.method === 'ALL' || route.path.includes('*')) continue;
      const methods = byPath.get(route.path) ?? new Set<string>();
      methods.add(route.method);
      byPath.set(route.path, methods);
    }
    patterns = [...byPath].map(([p, methods]) => ({ regex: compile(p), methods }));
    tables.set(app, patterns);
  }
  const allowed = new Set<string>();
  for (const pattern of patterns) if (pattern.regex.test(path)) for (const m of pattern.methods) allowed.add(m);
  return allowed;
}

/** 404 for paths nothing serves, 405 with `Allow` (RFC 9110 §15.5.6) for paths served under other methods. */
export function notFoundHandler(app: Hono<AppEnv>) {
  return (c: Context<AppEnv>): Response => {
    const path = c.req.path;
    const allowed = methodsServing(app, path);
    if (allowed.size > 0 && !allowed.has(c.req.method)) {
      if (allowed.has('GET')) allowed.add('HEAD');
      allowed.add('OPTIONS');
      const allow = [...allowed].sort().join(', ');
      return problem(c, { status: 405, code: ERROR_CODES.methodNotAllowed, title: 'Method not allowed', detail: `${c.req.method} is not supported on ${path}; use ${allow}.` }, { allow });
    }
    return problem(c, { status: 404, code: ERROR_CODES.notFound, title: 'Not found', detail: `Nothing is served at ${path}. The API is described at /openapi.json.` });
  };
}
