import type { Context } from 'hono';

/**
 * Response headers without Hono's per-request `Headers` objects.
 *
 * Middleware that decorates every answer (request id, security headers, CORS, RateLimit) knows
 * its headers before the handler runs. It announces them with `announceResponseHeaders` before
 * `next()`; a handler that builds its whole answer in one step (`respondWith`, used by cached
 * catalog reads) folds them into one plain object, and @hono/node-server writes that object
 * straight to the socket. Materializing a `Headers` (Hono's `c.body` with several headers, or
 * any `c.res.headers` access) and turning it back into an object for node:http was most of a
 * cached read's CPU (bench/run.ts). After `next()` the same middleware calls
 * `applyResponseHeaders`, which does nothing for such an answer and sets the headers in place on
 * any other (errors, other routes), so every answer carries the same headers as before.
 */
// Kept on the context object itself: a WeakMap keyed by a fresh object per request cost more
// than the headers it saves.
const ANNOUNCED = Symbol('announced response headers');
const COMPLETE = Symbol('answer carrying the announced headers');
interface Announcing {
  [ANNOUNCED]?: Readonly<Record<string, string>>[];
  [COMPLETE]?: Response;
}

/** Before `next()`: headers this middleware will put on the answer (names in lower case, never mutated later). */
export function announceResponseHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  const state = c as unknown as Announcing;
  const list = state[ANNOUNCED];
  if (list) list.push(headers);
  else state[ANNOUNCED] = [headers];
}

/**
 * A complete answer in one step: the handler's headers plus every announced one (announced
 * headers win, as they would when set after `next()`). Header names must be lower case. Headers
 * a middleware set with `c.header()` before the handler are not included: announce them instead.
 */
export function respondWith(c: Context, body: string | Uint8Array | null, status: number, headers: Record<string, string>): Response {
  const state = c as unknown as Announcing;
  const list = state[ANNOUNCED];
  // Outermost last, so it wins a clash, as the outermost middleware's after-next() write would.
  if (list) for (let i = list.length - 1; i >= 0; i--) Object.assign(headers, list[i]);
  const res = new Response(body, { status, headers });
  state[COMPLETE] = res;
  return res;
}

/** Whether the current answer came from respondWith and so already carries the announced headers. */
export function answeredWithAnnouncedHeaders(c: Context): boolean {
  const complete = (c as unknown as Announcing)[COMPLETE];
  return complete !== undefined && c.finalized && c.res === complete;
}

/** After `next()`: puts the announced headers on an answer that does not carry them yet. */
export function applyResponseHeaders(c: Context, headers: Readonly<Record<string, string>>): void {
  if (answeredWithAnnouncedHeaders(c)) return;
  for (const name in headers) setResponseHeader(c, name, headers[name]!);
}

/**
 * Sets a header on the response a handler already produced, in place. Hono's `c.header()` after
 * `next()` rebuilds the response around its body *stream*, which turns off @hono/node-server's
 * fast path for string bodies. Falls back to `c.header()` for responses with immutable headers.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
