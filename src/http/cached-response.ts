import type { Context } from 'hono';
import type { Cached } from '../catalog/service.js';
import { respondWith } from './response-headers.js';

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/**
 * The UTF-8 bytes of each cached body, encoded once and kept as long as the cache keeps the entry:
 * node:http sends a Uint8Array as is, while a string body is re-encoded (41 KiB for a list page)
 * and concatenated with the header block on every request.
 */
const encoded = new WeakMap<Cached<unknown>, Uint8Array>();
const utf8 = new TextEncoder();

function bytesOf(entry: Cached<unknown>): Uint8Array {
  let bytes = encoded.get(entry);
  if (!bytes) {
    bytes = utf8.encode(entry.body);
    encoded.set(entry, bytes);
  }
  return bytes;
}

/** Sends a cached representation with its validator, or 304 when the client already has it. */
export function sendCached(c: Context, entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>> = {}): Response {
  if (matches(c.req.header('if-none-match'), entry.etag)) return respondWith(c, null, 304, { etag: entry.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding', ...extra });
  return respondWith(c, bytesOf(entry), 200, { 'content-type': 'application/json', etag: entry.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding', ...extra });
}
