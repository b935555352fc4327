import type { Context } from 'hono';
import type { Cached } from '../catalog/service.js';

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any representation. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** Sends a cached representation with its validator, or 304 when the client already has it. */
export function sendCached(c: Context, entry: Cached<unknown>, cacheControl: string, extra: Record<string, string> = {}): Response {
  const headers = { etag: entry.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding', ...extra };
  if (matches(c.req.header('if-none-match'), entry.etag)) return c.body(null, 304, headers);
  return c.body(entry.body, 200, { 'content-type': 'application/json', ...headers });
}
