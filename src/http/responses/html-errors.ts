import type { Context } from 'hono';
import type { ErrorPageDetails } from '../../pages/error-page.js';
import type { AppEnv } from '../env.js';
import { HTML_CSP } from './html-response.js';
import { prefersHtml } from '../requests/negotiate.js';

/** Machine surfaces answer problem+json whatever the Accept header says. */
const MACHINE_PREFIXES = ['/api/', '/oauth/', '/mcp', '/.well-known/', '/openapi.json', '/auth.md', '/problems/'];

/** The one OAuth path a person opens in a browser: the consent page (routes/oauth-authorize.ts). */
const CONSENT_PATH = '/oauth/authorize';

export function isMachinePath(path: string): boolean {
  return path === '/api' || (path !== CONSENT_PATH && MACHINE_PREFIXES.some((prefix) => path.startsWith(prefix)));
}

/** What an error page is rendered from; `retryAfterSeconds` comes from the answer's Retry-After, `details` from the middleware that refused (a 413's limit and form). */
export type ErrorPageRender = (status: number, requestId: string | undefined, retryAfterSeconds: number | undefined, details?: ErrorPageDetails) => string | Promise<string>;

type NotFound = (c: Context<AppEnv>) => Response | Promise<Response>;
type OnError = (error: Error, c: Context<AppEnv>) => Response | Promise<Response>;

/**
 * Wraps the problem+json renderers: a browser (Accept ranks text/html above JSON) asking for a
 * page gets a friendly HTML page with the same status and headers. 405 stays a problem, since
 * its `Allow` answer is for programs, as do all API, OAuth and MCP paths. `page` converts an
 * answer a middleware made itself (the rate limiter's 429).
 */
export function htmlErrorPages(render: ErrorPageRender) {
  const convert = async (c: Context<AppEnv>, response: Response, details?: ErrorPageDetails): Promise<Response> => {
    if (response.status < 400 || response.status === 405 || isMachinePath(c.req.path) || !prefersHtml(c.req.header('accept'))) return response;
    const headers = new Headers(response.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    headers.set('content-security-policy', HTML_CSP);
    headers.set('cache-control', 'no-store');
    headers.delete('content-length');
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    return new Response(await render(response.status, c.get('requestId'), Number.isInteger(retryAfter) ? retryAfter : undefined, details), { status: response.status, headers });
  };
  return {
    page: convert,
    notFound: (inner: NotFound): NotFound => async (c) => convert(c, await inner(c)),
    onError: (inner: OnError): OnError => async (error, c) => convert(c, await inner(error, c)),
  };
}
