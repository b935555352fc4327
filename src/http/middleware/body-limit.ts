import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

export interface BodyLimitOptions {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}

/**
 * Hono's `bodyLimit`, decided from the node request's headers when @hono/node-server hands one
 * over. Hono's first step asks for `c.req.raw.body`, which makes the adaptor build a full Web
 * `Request` with a `ReadableStream` for every POST (issue 17's profiles: ~11% of an MCP call),
 * and the body is then read through that stream instead of straight from the socket. A body
 * with a Content-Length and no Transfer-Encoding is judged by that length, exactly as Hono does
 * (RFC 9112 §6.3: Transfer-Encoding overrides Content-Length); anything else goes to Hono's.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const fallback = honoBodyLimit(options);
  return (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const length = incoming?.headers['content-length'];
    if (length === undefined || incoming!.headers['transfer-encoding'] !== undefined) return fallback(c, next);
    return parseInt(length || '0', 10) > options.maxSize ? Promise.resolve(options.onError(c)) : next();
  };
}
