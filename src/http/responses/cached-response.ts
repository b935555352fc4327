import type { Context } from 'hono';
import type { Cached } from '../../catalog/service.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import type { Representation } from '../../lib/representation.js';
import { isCompressible, varyWithAcceptEncoding } from '../../lib/content-coding.js';
import { respondWith } from './response-headers.js';

// Kept answers are sent from their bytes (lib/representation.ts): node:http writes a Uint8Array
// as is, where a string body would be encoded again (41 KiB for a list page) on every request.

/**
 * A catalog answer's own headers (JSON) on a 200, or on a 304: keptFields with the answer's
 * type and `Vary`. A fresh object each call; the response cache keeps the same fields, so hits
 * and misses send the same.
 */
export function cachedHeaders(entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>>, notModified: boolean): Record<string, string> {
  return keptFields(entry.etag, notModified ? null : { length: entry.bytes.byteLength, type: 'application/json' }, cacheControl, { vary: 'Accept-Encoding', ...extra });
}

/** Sends a cached representation with its validator, or 304 when the client already has it. */
export function sendCached(c: Context, entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>> = {}): Response {
  if (ifNoneMatchMatches(c.req.header('if-none-match'), entry.etag)) return respondWith(c, null, 304, cachedHeaders(entry, cacheControl, extra, true));
  return respondWith(c, entry.bytes, 200, cachedHeaders(entry, cacheControl, extra, false));
}

/**
 * The header sets a kept representation (a rendered page, a catalog document) is sent with: on a
 * 200, and on a 304 (RFC 9110 §15.4.5: no type or length).
 */
export interface KeptHeaders {
  readonly ok: Readonly<Record<string, string>>;
  readonly notModified: Readonly<Record<string, string>>;
}

/**
 * The one rule for a kept representation's own headers: on a 200 (`body` given) its length and
 * type, then its validator, caching and `extra`; on a 304 (null) no type or length (RFC 9110
 * §15.4.5 lists what a 304 repeats). Content-Length leads: @hono/node-server stops looking for
 * it at the first key. These are the fields sendText (html-response.ts) sends.
 */
function keptFields(etag: string, body: { length: number; type: string } | null, cacheControl: string, extra: Readonly<Record<string, string>>): Record<string, string> {
  if (body === null) return { etag, 'cache-control': cacheControl, ...extra };
  return { 'content-length': String(body.length), 'content-type': body.type, etag, 'cache-control': cacheControl, ...extra };
}

/**
 * `extra` with `Vary: Accept-Encoding` when an answer of this type and length is sent encoded to
 * clients that ask (RFC 9110 §12.5.5: also on its plain form, so no cache hands that to them).
 */
function varied(type: string, length: number, extra: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  return isCompressible(type, length) ? { ...extra, vary: varyWithAcceptEncoding(extra.vary) } : extra;
}

/** keptFields as two fixed sets for a representation of `length` bytes (an image variant's, routes/media-files.ts). */
export function fixedHeaders(etag: string, length: number, contentType: string, cacheControl: string, extraFields: Readonly<Record<string, string>>): KeptHeaders {
  const extra = varied(contentType, length, extraFields);
  return { ok: Object.freeze(keptFields(etag, { length, type: contentType }, cacheControl, extra)), notModified: Object.freeze(keptFields(etag, null, cacheControl, extra)) };
}

/** keptFields as two fixed sets for a kept representation, for sendKept and the response cache, which keeps them. */
export function keptHeaders(page: Representation, contentType: string, cacheControl: string, extra: Readonly<Record<string, string>>): KeptHeaders {
  return fixedHeaders(page.etag, page.bytes.byteLength, contentType, cacheControl, extra);
}

/** Sends a kept representation from its bytes, or 304 when the client already has it. */
export function sendKept(c: Context, page: Representation, headers: KeptHeaders): Response {
  if (ifNoneMatchMatches(c.req.header('if-none-match'), page.etag)) return respondWith(c, null, 304, headers.notModified);
  return respondWith(c, page.bytes, 200, headers.ok);
}
