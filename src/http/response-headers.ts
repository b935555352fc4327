import type { Context } from 'hono';

/**
 * Sets a header on the response a handler already produced, in place. Hono's `c.header()` after
 * `next()` rebuilds the response around its body *stream*, which turns off @hono/node-server's
 * fast path for string bodies: on cached catalog reads that rebuild was most of the request's
 * CPU (bench/run.ts). Falls back to `c.header()` for responses with immutable headers.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
