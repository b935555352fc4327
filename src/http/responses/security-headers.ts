import { Hono } from 'hono';
import { secureHeaders as honoSecureHeaders } from 'hono/secure-headers';

/**
 * The headers Hono's `secureHeaders` middleware sets with our options, read once from Hono
 * itself at start: they are the same on every answer, so the request-context middleware
 * contributes them as one constant instead of setting them one by one after each handler.
 */
export async function secureHeaderValues(options: { https: boolean }): Promise<Readonly<Record<string, string>>> {
  const probe = new Hono();
  probe.use(
    honoSecureHeaders({
      // Public documents and images may be embedded by any site.
      crossOriginResourcePolicy: 'cross-origin',
      xFrameOptions: 'DENY',
      // RFC 6797 §7.2: HSTS means something only over a secure transport; on plain http
      // (a local run) it would only confuse the browser.
      strictTransportSecurity: options.https ? 'max-age=15552000; includeSubDomains' : false,
    }),
  );
  probe.get('/', (c) => c.body(null, 204));
  const headers: Record<string, string> = {};
  (await probe.request('/')).headers.forEach((value, name) => (headers[name] = value));
  return Object.freeze(headers);
}
