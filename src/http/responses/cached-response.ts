import type { Context } from 'hono';
import type { Cached } from '../../catalog/service.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import { respondWith } from './response-headers.js';


/**
 * The UTF-8 bytes of each cached body, encoded once and kept as long as the cache keeps the entry:
 * node:http sends a Uint8Array as is, while a string body is re-encoded (41 KiB for a list page)
 * and concatenated with the header block on every request.
 */
const encoded = new WeakMap<{ readonly body: string }, Uint8Array<ArrayBuffer>>();
const utf8 = new TextEncoder();

/** The body's UTF-8 bytes: a catalog answer (Cached) or a rendered page (pages/rendered-pages.ts). */
export function bytesOf(entry: { readonly body: string }): Uint8Array<ArrayBuffer> {
  let bytes = encoded.get(entry);
  if (!bytes) {
    bytes = utf8.encode(entry.body);
    encoded.set(entry, bytes);
  }
  return bytes;
}

/**
 * The representation's own headers on a 200, or on a 304 (no content type or length: RFC 9110
 * §15.4.5 lists what a 304 repeats). A fresh object each call: respondWith adds to it. The
 * response cache (middleware/response-cache.ts) keeps these too, so hits and misses send the
 * same fields. Content-Length leads: @hono/node-server stops looking for it at the first key.
 */
export function cachedHeaders(entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>>, notModified: boolean): Record<string, string> {
  if (notModified) return { etag: entry.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding', ...extra };
  return { 'content-length': String(bytesOf(entry).byteLength), 'content-type': 'application/json', etag: entry.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding', ...extra };
}

/** Sends a cached representation with its validator, or 304 when the client already has it. */
export function sendCached(c: Context, entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>> = {}): Response {
  if (ifNoneMatchMatches(c.req.header('if-none-match'), entry.etag)) return respondWith(c, null, 304, cachedHeaders(entry, cacheControl, extra, true));
  return respondWith(c, bytesOf(entry), 200, cachedHeaders(entry, cacheControl, extra, false));
}

/** A kept text with its strong ETag: a rendered page (pages/rendered-pages.ts) or a catalog document (CatalogService.document). */
export interface KeptText {
  readonly body: string;
  readonly etag: string;
}

/** The header sets a kept text is sent with: on a 200, and on a 304 (RFC 9110 §15.4.5: no type or length). */
export interface KeptHeaders {
  readonly ok: Readonly<Record<string, string>>;
  readonly notModified: Readonly<Record<string, string>>;
}

/**
 * What sendText (html-response.ts) sends with a text, as two fixed sets: the response cache
 * keeps these, so a page answered from it carries the fields the route's own answer does.
 */
export function keptHeaders(page: KeptText, contentType: string, cacheControl: string, extra: Readonly<Record<string, string>>): KeptHeaders {
  const notModified = { etag: page.etag, 'cache-control': cacheControl, ...extra };
  return { ok: Object.freeze({ 'content-length': String(bytesOf(page).byteLength), 'content-type': contentType, ...notModified }), notModified: Object.freeze(notModified) };
}

/** Sends a kept text from its bytes (encoded once), or 304 when the client already has it. */
export function sendKept(c: Context, page: KeptText, headers: KeptHeaders): Response {
  if (ifNoneMatchMatches(c.req.header('if-none-match'), page.etag)) return respondWith(c, null, 304, headers.notModified);
  return respondWith(c, bytesOf(page), 200, headers.ok);
}
