import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, without its cost for the common case: a body with a Content-Length (and no
 * Transfer-Encoding; RFC 9112 §6.3 — Node's parser then delivers exactly that many bytes) is
 * judged by the header alone. Hono's middleware asks for `c.req.raw.body` first, which makes
 * @hono/node-server build a full web Request, ReadableStream and AbortController for every
 * POST — a large part of a token request's CPU (issue 17); reading the body later through
 * c.req.text() then takes the adaptor's direct path. Chunked bodies are still counted by Hono's
 * stream wrapper.
 */
export function limitBodies(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return (c: Context, next: Next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined && /^\d+$/.test(length)) {
      return Number(length) > maxSize ? Promise.resolve(onError(c)) : next();
    }
    return streamed(c, next);
  };
}
