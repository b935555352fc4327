import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

export interface PublicCorsOptions {
  exposeHeaders: string[];
  allowHeaders: string[];
  maxAge: number;
}

/** The public API and discovery documents: any origin may read them. */
export const PUBLIC_CORS_PATHS = ['/api/*', '/oauth/*', '/.well-known/*', '/openapi.json', '/auth.md'] as const;

export function isPublicCorsPath(path: string): boolean {
  return path.startsWith('/api/') || path.startsWith('/oauth/') || path.startsWith('/.well-known/') || path === '/openapi.json' || path === '/auth.md';
}

/**
 * CORS for public, credential-less resources: any origin may read, cookies are never allowed
 * (Fetch standard: `*` is incompatible with credentials). An actual request gets these two
 * headers whatever its Origin, so no `Vary: Origin` is needed; the request-context middleware
 * adds them with the security headers on every PUBLIC_CORS_PATHS answer.
 */
export function publicCorsHeaders(options: PublicCorsOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = { 'access-control-allow-origin': '*' };
  if (options.exposeHeaders.length > 0) headers['access-control-expose-headers'] = options.exposeHeaders.join(',');
  return Object.freeze(headers);
}

/** What a preflight may announce per path: the OAuth endpoints take POST, documents are read. */
const OAUTH_METHODS = ['POST'];
const DOCUMENT_METHODS = ['GET', 'HEAD'];
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Preflights on PUBLIC_CORS_PATHS: Hono's `cors` answers them (204), announcing only the
 * methods the path serves (Fetch standard, CORS-preflight: a method not listed is never sent).
 */
export function publicCorsPreflight(options: PublicCorsOptions): MiddlewareHandler {
  return cors({
    origin: '*',
    credentials: false,
    ...options,
    allowMethods: (_origin, c) => (c.req.path.startsWith('/oauth/') ? OAUTH_METHODS : c.req.path.startsWith('/api/') ? API_METHODS : DOCUMENT_METHODS),
  });
}
