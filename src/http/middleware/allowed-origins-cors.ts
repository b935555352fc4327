import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { contributeResponseHeaders } from '../responses/response-headers.js';

export interface AllowedOriginsCorsOptions {
  /** browser origins that may read the answers */
  allowed: ReadonlySet<string>;
  allowMethods: string[];
  exposeHeaders: string[];
  maxAge: number;
}

/**
 * Hono's `cors` with `origin` limited to `allowed` and no credentials, its actual-request half as
 * header contributions (responses/response-headers.ts) instead of writes around `next()`: Hono
 * writes them on a placeholder response and merges it into the handler's, which rebuilds that
 * answer around a body stream (issue 17's MCP profile: a quarter of a cached tools/call). The
 * same fields arrive: `Access-Control-Allow-Origin` for an allowed Origin, the exposed headers,
 * and `Vary: Origin` (Hono appends it; no answer on the routes this guards has a Vary of its
 * own, so setting it is the same). Preflights (OPTIONS) are Hono's own, unchanged.
 */
export function allowedOriginsCors(options: AllowedOriginsCorsOptions): MiddlewareHandler {
  const preflight = cors({
    origin: (origin) => (options.allowed.has(origin) ? origin : null),
    allowMethods: options.allowMethods,
    credentials: false,
    exposeHeaders: options.exposeHeaders,
    maxAge: options.maxAge,
  });
  const common = { 'access-control-expose-headers': options.exposeHeaders.join(','), vary: 'Origin' };
  const anyOther = Object.freeze({ ...common });
  const perOrigin = new Map([...options.allowed].map((origin) => [origin, Object.freeze({ 'access-control-allow-origin': origin, ...common })]));
  return (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const origin = c.req.header('origin');
    contributeResponseHeaders(c, (origin !== undefined ? perOrigin.get(origin) : undefined) ?? anyOther);
    return next();
  };
}
