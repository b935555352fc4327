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

/** Preflights on PUBLIC_CORS_PATHS: Hono's `cors` answers them (204). */
export function publicCorsPreflight(options: PublicCorsOptions): MiddlewareHandler {
  return cors({ origin: '*', credentials: false, ...options });
}
