import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { ACCEPT_PATCH } from '../requests/accepted-types.js';

export interface PublicCorsOptions {
  exposeHeaders: string[];
  allowHeaders: string[];
  maxAge: number;
}

/** The public API and discovery documents: any origin may read them. */
export const PUBLIC_CORS_PATHS = ['/api/*', '/oauth/*', '/.well-known/*', '/openapi.json', '/auth.md'] as const;

/**
 * Also the Markdown twins (`/index.md`, `/projects/{slug}.md`, `/docs.md`…) and the sitemap:
 * /llms.txt links agents to them, and an agent in a browser must be able to read what it links.
 * Not the consent page (`/oauth/authorize`): a page for the person at the browser, which no
 * other origin has reason to read.
 */
export function isPublicCorsPath(path: string): boolean {
  return path.startsWith('/api/') || (path.startsWith('/oauth/') && path !== '/oauth/authorize') || path.startsWith('/.well-known/') || path === '/openapi.json' || path.endsWith('.md') || path === '/sitemap.xml';
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

/** What a preflight announces where no route says more: the API's verbs, a document's reads. */
const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const DOCUMENT_METHODS = ['GET', 'HEAD'];

/**
 * Preflights on PUBLIC_CORS_PATHS: Hono's `cors` answers them (204), announcing the methods the
 * path serves (`methodsAt`, from the route table; Fetch standard, CORS-preflight: a method not
 * listed is never sent), with `Allow` naming them and OPTIONS (RFC 9110 §9.3.7). A path no route
 * names (a sandbox write path that answers 404) announces the API's verbs to a preflight, so that
 * a browser can read that 404, and no `Allow`; a plain OPTIONS there is the 404.
 */
export function publicCorsPreflight(options: PublicCorsOptions, methodsAt: (path: string) => Set<string>): MiddlewareHandler {
  const served = (path: string): string[] | undefined => {
    const methods = methodsAt(path);
    methods.delete('OPTIONS');
    if (methods.size === 0) return undefined;
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
  const announced = (path: string) => served(path) ?? (path.startsWith('/api/') ? API_METHODS : DOCUMENT_METHODS);
  const preflight = cors({ origin: '*', credentials: false, ...options, allowMethods: (_origin, c) => announced(c.req.path) });
  return async (c, next) => {
    // RFC 9110 §9.3.7: a plain OPTIONS (not a preflight) where nothing is served is the app's 404.
    if (c.req.header('access-control-request-method') === undefined && methodsAt(c.req.path).size === 0) return next();
    const response = await preflight(c, next);
    const allow = served(c.req.path);
    if (response instanceof Response && allow) {
      response.headers.set('allow', [...allow, 'OPTIONS'].join(', '));
      // RFC 5789 §3.1: OPTIONS on a resource that takes PATCH names the patch types it takes.
      if (allow.includes('PATCH')) response.headers.set('accept-patch', ACCEPT_PATCH);
    }
    return response;
  };
}
