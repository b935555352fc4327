import type { Context, MiddlewareHandler } from 'hono';
import { ANSWER_CACHE_LIMITS, type Cached } from '../../catalog/service.js';
import { BoundedMap } from '../../lib/bounded-map.js';
import { ifNoneMatchMatches } from '../../lib/etag.js';
import { listHeader } from '../requests/header.js';
import type { Representation } from '../../lib/representation.js';
import { cachedHeaders, type KeptHeaders } from '../responses/cached-response.js';
import { respondWith } from '../responses/response-headers.js';
import { routeOf } from './route-of.js';

interface Entry {
  /** the catalog entry or rendered page it was built from (offering the same one again changes nothing) */
  source: Representation;
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
  /** whether the catalog would still answer this URL with `source` without asking the store */
  isCurrent: () => boolean;
  /** the route pattern that answered it (metrics label) */
  route: string;
  /**
   * For one of several representations of a URL chosen by Accept (RFC 9110 §12.5.1, a page's
   * HTML or Markdown): whether a request's Accept header selects this one. Absent: any request.
   */
  accepts?: (accept: string | undefined) => boolean;
}

/** A current entry, as the cached-read lane (cached-read-lane.ts) sends it. */
export type CurrentEntry = Readonly<Pick<Entry, 'bytes' | 'etag' | 'ok' | 'notModified' | 'route'>>;

export interface ResponseCacheOptions {
  enabled: boolean;
  maxEntries?: number;
  /** the most body bytes kept in all */
  maxBytes?: number;
}

/**
 * A micro-cache for repeated public reads, inside the Hono pipeline: request ids, security
 * headers, CORS, rate limiting and the access log run for every request before it, so a hit
 * differs from a miss only in skipping validation and the catalog service.
 *
 * A route opts in by putting `serve` first in its chain and `offer`ing each cached
 * representation it sends (catalog answers; `offerPage` for rendered pages); entries are keyed by
 * the exact path and query string, so only a URL that has already passed the route's validation
 * is ever answered from here. An entry is used only while the catalog says what it was built
 * from is current (CatalogService.isCurrent; for a page, also the studio profile it shows), and,
 * for a page whose URL has more than one representation, only for an Accept header that selects
 * it. That is what keeps a hit byte-for-byte identical to what the route would send.
 */
export class ResponseCache {
  private readonly entries: BoundedMap<string, Entry>;
  private hitCount = 0;

  constructor(private readonly options: ResponseCacheOptions) {
    this.entries = new BoundedMap(options.maxEntries ?? ANSWER_CACHE_LIMITS.entries, { maxWeight: options.maxBytes ?? ANSWER_CACHE_LIMITS.chars, weigh: (entry) => entry.bytes.byteLength });
  }

  /** How many requests were answered from the cache (tests assert which path served a request). */
  get hits(): number {
    return this.hitCount;
  }

  /** Route middleware: answers from a current entry, or lets the route build (and offer) one. */
  readonly serve = ((c, next) => {
    const entry = this.current(targetOf(c.req.url), c.req.header('accept'));
    if (entry === undefined) return next();
    this.answered();
    // RFC 9110 §13.1.2 (weak comparison) and §15.4.5: a 304 repeats the validator, not the body.
    const notModified = ifNoneMatchMatches(listHeader(c, 'if-none-match'), entry.etag);
    return respondWith(c, notModified ? null : entry.bytes, notModified ? 304 : 200, notModified ? entry.notModified : entry.ok);
    // A hit answers in this tick: no async level of its own (Hono's compose awaits either).
  }) as MiddlewareHandler;

  /**
   * The current entry for a request target (path and query exactly as sent) and Accept header;
   * undefined when there is none or the cache is off. `serve` answers from it, and so does the cached-read lane,
   * before Hono, after its own request context and rate limit; each calls answered() when it has
   * (a request the rate limit refuses is not a hit).
   */
  current(target: string, accept: string | undefined): CurrentEntry | undefined {
    if (!this.options.enabled) return undefined;
    const entry = this.entries.get(target);
    if (entry === undefined || (entry.accepts !== undefined && !entry.accepts(accept))) return undefined;
    return entry.isCurrent() ? entry : undefined;
  }

  /** Counts a request answered from current(). */
  answered(): void {
    this.hitCount += 1;
  }

  /** Called by a route as it sends `source`: remember it for this request's exact URL. */
  offer(c: Context, source: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>>, isCurrent: () => boolean): void {
    this.keep(c, source, () => ({ ok: Object.freeze(cachedHeaders(source, cacheControl, extra, false)), notModified: Object.freeze(cachedHeaders(source, cacheControl, extra, true)) }), isCurrent);
  }

  /**
   * Called by a page route as it sends a rendered page (sendKept): remember it for this request's
   * exact URL, for requests whose Accept header `accepts` it (any, when absent). `isCurrent` says
   * whether a render now would give the very same page (its inputs are all current).
   */
  offerPage(c: Context, page: Representation, headers: KeptHeaders, isCurrent: () => boolean, accepts?: (accept: string | undefined) => boolean): void {
    this.keep(c, page, () => headers, isCurrent, accepts);
  }

  /** The entry for this request's URL, unless it already holds `source` (headers built only when kept). */
  private keep(c: Context, source: Representation, headers: () => KeptHeaders, isCurrent: () => boolean, accepts?: (accept: string | undefined) => boolean): void {
    if (!this.options.enabled) return;
    const key = targetOf(c.req.url);
    if (this.entries.get(key)?.source === source) return;
    const { ok, notModified } = headers();
    this.entries.set(key, { source, bytes: source.bytes, etag: source.etag, ok, notModified, isCurrent, route: routeOf(c), ...(accepts ? { accepts } : {}) });
  }
}

/** Path and query of an absolute URL: the Host a client sent does not change a representation. */
function targetOf(url: string): string {
  return url.slice(url.indexOf('/', url.indexOf('//') + 2));
}
