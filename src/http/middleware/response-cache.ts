import type { Context, MiddlewareHandler } from 'hono';
import type { Cached } from '../../catalog/service.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import { listHeader } from '../requests/header.js';
import { bytesOf, cachedHeaders } from '../responses/cached-response.js';
import { respondWith } from '../responses/response-headers.js';

interface Entry {
  /** the catalog entry it was built from (offering the same one again changes nothing) */
  source: Cached<unknown>;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
  /** whether the catalog would still answer this URL with `source` without asking the store */
  isCurrent: () => boolean;
}

export interface ResponseCacheOptions {
  enabled: boolean;
  maxEntries?: number;
}

/**
 * A micro-cache for repeated public reads, inside the Hono pipeline: request ids, security
 * headers, CORS, rate limiting and the access log run for every request before it, so a hit
 * differs from a miss only in skipping validation and the catalog service.
 *
 * A route opts in by putting `serve` first in its chain and `offer`ing each cached
 * representation it sends; entries are keyed by the exact path and query string, so only a URL
 * that has already passed the route's validation is ever answered from here. An entry is used
 * only while the catalog says it is current (CatalogService.isCurrent), which is what keeps a
 * hit byte-for-byte identical to what the route would send.
 */
export class ResponseCache {
  private readonly entries: BoundedMap<string, Entry>;
  private hitCount = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.entries = new BoundedMap(options.maxEntries ?? 1000);
  }

  /** How many requests were answered from the cache (tests assert which path served a request). */
  get hits(): number {
    return this.hitCount;
  }

  /** Route middleware: answers from a current entry, or lets the route build (and offer) one. */
  readonly serve = ((c, next) => {
    if (!this.options.enabled) return next();
    const entry = this.entries.get(targetOf(c.req.url));
    if (entry === undefined || !entry.isCurrent()) return next();
    this.hitCount += 1;
    // RFC 9110 §13.1.2 (weak comparison) and §15.4.5: a 304 repeats the validator, not the body.
    const notModified = ifNoneMatchMatches(listHeader(c, 'if-none-match'), entry.etag);
    return respondWith(c, notModified ? null : entry.bytes, notModified ? 304 : 200, notModified ? entry.notModified : entry.ok);
    // A hit answers in this tick: no async level of its own (Hono's compose awaits either).
  }) as MiddlewareHandler;

  /** Called by a route as it sends `source`: remember it for this request's exact URL. */
  offer(c: Context, source: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>>, isCurrent: () => boolean): void {
    if (!this.options.enabled) return;
    const key = targetOf(c.req.url);
    if (this.entries.get(key)?.source === source) return;
    this.entries.set(key, {
      source,
      bytes: bytesOf(source),
      etag: source.etag,
      ok: Object.freeze(cachedHeaders(source, cacheControl, extra, false)),
      notModified: Object.freeze(cachedHeaders(source, cacheControl, extra, true)),
      isCurrent,
    });
  }
}

/** Path and query of an absolute URL: the Host a client sent does not change a representation. */
function targetOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}
