import type { MiddlewareHandler } from 'hono';
import { announceResponseHeaders, answeredWithAnnouncedHeaders, setResponseHeader } from '../responses/response-headers.js';

/**
 * The headers Hono's `secureHeaders({ crossOriginResourcePolicy: 'cross-origin', xFrameOptions:
 * 'DENY' })` sets (test/http/secure-headers.test.ts keeps the two equal), as one constant: the
 * same on every answer, so they are announced once instead of set one by one per request.
 */
export const SECURE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  // Public documents and images may be embedded by any site.
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/** Security headers on every answer, overwriting a handler's own (as Hono's middleware does). */
export function secureHeaders(): MiddlewareHandler {
  return async (c, next) => {
    announceResponseHeaders(c, SECURE_HEADERS);
    await next();
    if (answeredWithAnnouncedHeaders(c)) return;
    for (const name in SECURE_HEADERS) setResponseHeader(c, name, SECURE_HEADERS[name]!);
    c.res.headers.delete('x-powered-by');
  };
}
