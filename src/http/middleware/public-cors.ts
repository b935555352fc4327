import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { announceResponseHeaders, applyResponseHeaders } from '../responses/response-headers.js';

export interface PublicCorsOptions {
  exposeHeaders: string[];
  allowHeaders: string[];
  maxAge: number;
}

/**
 * CORS for public, credential-less resources: any origin may read, cookies are never allowed
 * (Fetch standard: `*` is incompatible with credentials). Preflights go to Hono's `cors`; actual
 * requests get their two headers announced before the handler (response-headers.ts), because Hono's `cors` touches
 * `c.res` before the handler runs and that forces a slow rebuild of every response.
 */
export function publicCors(options: PublicCorsOptions): MiddlewareHandler {
  const preflight = cors({ origin: '*', credentials: false, ...options });
  const headers = publicCorsHeaders(options);
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    announceResponseHeaders(c, headers);
    await next();
    applyResponseHeaders(c, headers);
  };
}

/** What an actual (non-preflight) request gets, whatever its Origin: no `Vary: Origin` is needed. */
export function publicCorsHeaders(options: PublicCorsOptions): Readonly<Record<string, string>> {
  const expose = options.exposeHeaders.join(',');
  const headers: Record<string, string> = { 'access-control-allow-origin': '*' };
  if (expose) headers['access-control-expose-headers'] = expose;
  return Object.freeze(headers);
}
