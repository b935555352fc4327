import type { Context } from 'hono';

/**
 * Headers that middleware puts on every answer (request id, security headers, CORS, RateLimit)
 * are known before the handler runs. Middleware *contributes* them before `next()` and does
 * nothing afterwards, so it can hand `next()`'s promise straight back instead of adding an
 * async level per middleware. They reach the answer in one of two ways:
 *
 * - a handler that builds its whole answer in one step (`respondWith`: catalog reads, OAuth
 *   answers and errors, new inquiries, every problem document and 429) gets them folded into one
 *   plain header object, which @hono/node-server writes straight to the socket;
 * - any other answer (`c.json()`, `c.body()`, the MCP SDK's) gets them set in place by
 *   `finishResponseHeaders`, which the outermost middleware calls once after `next()`: on
 *   undici's `Headers`, which @hono/node-server then copies into a plain object again (a 404
 *   problem cost 40.5 µs of CPU that way, 29.4 in one step: docs/performance.md, change 49).
 *
 * Either way the same fields arrive: a `set` contribution overrides the handler's own field and
 * outer middleware wins over inner (as an after-`next()` write would); a `default` contribution
 * fills the field only when nobody set it (the sandbox's rehearsed 429 keeps its own RateLimit).
 */

export type ContributionMode = 'set' | 'default';

// Kept on the context object itself: a WeakMap keyed by a fresh object per request cost more
// than the headers it saves.
const SETS = Symbol('response headers contributed in set mode, outermost first');
const DEFAULTS = Symbol('response headers contributed in default mode');
const COMPLETE = Symbol('answer that already carries the contributed headers');
const BYTES = Symbol('the body of the complete answer, when it was given as bytes');
interface Carrier {
  [SETS]?: Readonly<Record<string, string>>[];
  [DEFAULTS]?: Readonly<Record<string, string>>;
  [COMPLETE]?: Response;
  [BYTES]?: Uint8Array<ArrayBuffer>;
}
const NONE: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Before `next()`: headers for this request's answer (names in lower case, never mutated later).
 * Contributions of different middleware name different fields; should two name the same one,
 * the outer (earlier) `set` wins.
 */
export function contributeResponseHeaders(c: Context, headers: Readonly<Record<string, string>>, mode: ContributionMode = 'set'): void {
  const carrier = c as unknown as Carrier;
  if (mode === 'default') {
    const previous = carrier[DEFAULTS];
    carrier[DEFAULTS] = previous === undefined ? headers : { ...headers, ...previous };
    return;
  }
  const sets = carrier[SETS];
  if (sets) sets.push(headers);
  else carrier[SETS] = [headers];
}

/**
 * A complete answer in one step: the handler's headers (lower-case names; a frozen object is
 * fine) plus every contribution.
 *
 * The merge copies into one fresh object with Object.assign. An object literal of spreads
 * (`{ ...headers, ...d, ...s[0] }`) had respondWith's own share of an uncached search's CPU at
 * 3.7% in a profile (~18 µs a request; 0.4% this way, node:http's header writing unchanged);
 * for a token's answer 0.7% → 0.4%. The cached-read lane keeps its literal: there Object.assign
 * measured worse, node:http's `_storeHeader` then taking twice as long over the copied object.
 */
export function respondWith(c: Context, body: string | Uint8Array<ArrayBuffer> | null, status: number, headers: Readonly<Record<string, string>>): Response {
  const carrier = c as unknown as Carrier;
  const s = carrier[SETS];
  const merged: Record<string, string> = Object.assign({}, headers, defaultsMissingFrom(carrier[DEFAULTS], headers));
  // The outermost contribution (index 0) comes last, so it wins, as an after-next() write would.
  if (s) for (let i = s.length - 1; i >= 0; i--) Object.assign(merged, s[i]);
  const res = new Response(body, { status, headers: merged });
  carrier[COMPLETE] = res;
  if (body instanceof Uint8Array) carrier[BYTES] = body;
  return res;
}

/**
 * The bytes respondWith was given for the answer the context holds now, if it was given bytes
 * (a kept answer's are the same object on every request: middleware/response-encoding.ts
 * encodes them once).
 */
export function answeredBytes(c: Context): Uint8Array<ArrayBuffer> | undefined {
  const carrier = c as unknown as Carrier;
  return carrier[COMPLETE] !== undefined && c.res === carrier[COMPLETE] ? carrier[BYTES] : undefined;
}

/** The default-mode fields the handler did not set itself (usually all of them, as they are). */
function defaultsMissingFrom(defaults: Readonly<Record<string, string>> | undefined, headers: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  if (defaults === undefined) return NONE;
  let missing: Record<string, string> | null = null;
  for (const name of Object.keys(defaults)) {
    if (headers[name] === undefined) continue;
    missing ??= { ...defaults };
    delete missing[name];
  }
  return missing ?? defaults;
}

/** After `next()`, once, in the outermost middleware: puts the contributions on any other answer. */
export function finishResponseHeaders(c: Context): void {
  const carrier = c as unknown as Carrier;
  if (carrier[COMPLETE] !== undefined && c.res === carrier[COMPLETE]) return;
  const defaults = carrier[DEFAULTS];
  if (defaults) for (const name of Object.keys(defaults)) if (!c.res.headers.has(name)) setResponseHeader(c, name, defaults[name]!);
  const sets = carrier[SETS];
  if (sets) for (let i = sets.length - 1; i >= 0; i--) for (const name of Object.keys(sets[i]!)) setResponseHeader(c, name, sets[i]![name]!);
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
