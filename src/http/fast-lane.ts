import type { IncomingMessage, OutgoingHttpHeaders, RequestListener } from 'node:http';
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { Cached } from '../catalog/service.js';
import type { RateLimitPolicy, TrustProxy } from '../config.js';
import { BoundedMap } from '../lib/bounded-map.js';
import { clientIpResolver } from '../lib/client-ip.js';
import { rateLimitField, rateLimitPolicyField } from '../ratelimit/headers.js';
import type { RateLimiter } from '../ratelimit/limiter.js';
import { subjectKey } from '../ratelimit/subject.js';
import { ifNoneMatchMatches } from '../lib/etag.js';
import { bytesOf, cachedHeaders } from './responses/cached-response.js';
import { handOffOutcome } from './rate-limit-handoff.js';
import { SECURE_HEADERS } from './middleware/secure-headers.js';

/**
 * The fast lane: a micro-cache in front of Hono for public catalog reads, like nginx's
 * proxy_cache. Hono plus @hono/node-server's adaptor cost more than half of a cached read's CPU
 * (bench/run.ts), so a request for a URL that Hono has already answered from the catalog cache
 * is answered here, at the node:http level, with the same bytes and headers.
 *
 * It serves only what it has seen Hono answer: the catalog routes `offer` each cached
 * representation they send, under the exact request target (path and raw query string), so
 * routing and query validation already passed for exactly that URL. It serves it only while the
 * catalog service says the entry is current (CatalogService.isCurrent: the version is known
 * fresh and unchanged) and does itself everything the middleware chain does for such a request:
 * request id, security and CORS headers, rate limiting with the same limiter and key, ETag/304
 * (cached-response.ts), HEAD without a body and the same request log line. Anything else, and
 * anything it is not sure about, goes to Hono unchanged.
 */

/** the policy every lane request is metered by (policy-for.ts: GET/HEAD outside the special paths) */
const POLICY = 'reads';

/*
 * Which requests Hono sees with exactly the raw target we key by. @hono/node-server builds the
 * request URL by concatenation when the Host and target match these (its own reValidHost and
 * reValidRequestUrl/reDotSegment) and through `new URL` otherwise, which may re-encode the
 * target or answer 400 for a bad Host; a `%` in the path makes Hono decode it. We key only
 * targets both ways leave as they are.
 */
const PLAIN_TARGET = /^\/[!$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

interface Entry {
  /** the catalog entry it was built from (an offer of the same one changes nothing) */
  source: Cached<unknown>;
  bytes: Uint8Array;
  etag: string;
  ok: Readonly<Record<string, string>>;
  notModified: Readonly<Record<string, string>>;
  isCurrent: () => boolean;
  /** the route pattern Hono answered it under, for the request metrics */
  route: string;
}

/** Sees every answer the lane gives (the test server checks them against /openapi.json). */
export type LaneObserver = (method: string, path: string, status: number, headers: Readonly<Record<string, string>>, body: Uint8Array | null) => void;

export interface FastLaneOptions {
  enabled: boolean;
  logger: { info(fields: Record<string, unknown>, message: string): void };
  /** the request-id source the Hono chain uses (one pool for both paths) */
  nextRequestId: () => string;
  trustProxy: TrustProxy;
  /** the headers publicCors puts on an actual request under /api/* */
  corsHeaders: Readonly<Record<string, string>>;
  /** null when rate limits are off (then neither path sends RateLimit fields) */
  limiter: RateLimiter | null;
  readsPolicy: RateLimitPolicy;
  maxEntries?: number;
  /** what the Hono chain records for each request (metrics.ts), so both paths count alike */
  recordRequest?: (method: string, route: string, status: number, seconds: number) => void;
}

export class FastLane {
  private readonly entries: BoundedMap<string, Entry>;
  private readonly resolveIp: ReturnType<typeof clientIpResolver>;
  private readonly policyField: string;
  /** Host values that are not plain: whether node-server accepts them (it answers 400 otherwise) */
  private readonly hosts = new BoundedMap<string, boolean>(100);
  private servedCount = 0;

  constructor(private readonly options: FastLaneOptions) {
    this.entries = new BoundedMap(options.maxEntries ?? 1000);
    this.resolveIp = clientIpResolver(options.trustProxy);
    this.policyField = rateLimitPolicyField(POLICY, options.readsPolicy);
  }

  /** How many requests the lane has answered (tests assert which path served a request). */
  get served(): number {
    return this.servedCount;
  }

  /**
   * Called by a catalog route as it sends `entry` through Hono: remember it for this request's
   * exact target. `isCurrent` says whether the catalog would still send the same entry.
   */
  offer(c: Context, entry: Cached<unknown>, cacheControl: string, extra: Readonly<Record<string, string>>, isCurrent: () => boolean): void {
    if (!this.options.enabled) return;
    // @hono/node-server passes the node request as `env.incoming`; in-process app.request() has none.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const key = incoming === undefined ? null : this.keyOf(incoming);
    if (key === null || this.entries.get(key)?.source === entry) return;
    this.entries.set(key, {
      source: entry,
      bytes: bytesOf(entry),
      etag: entry.etag,
      ok: Object.freeze(cachedHeaders(entry, cacheControl, extra, false)),
      notModified: Object.freeze(cachedHeaders(entry, cacheControl, extra, true)),
      isCurrent,
      route: routePath(c),
    });
  }

  /** A node request listener: the lane where it can answer, `fallback` (Hono) everywhere else. */
  listener(fallback: RequestListener, observe?: LaneObserver): RequestListener {
    if (!this.options.enabled) return fallback;
    return (req, res) => {
      const key = this.keyOf(req);
      const entry = key === null ? undefined : this.entries.get(key);
      if (entry === undefined || !entry.isCurrent()) return void fallback(req, res);
      this.serve(req, res, key!, entry, fallback, observe).catch(() => {
        // Nothing is written before the last await, so Hono can still answer (and log) it.
        if (!res.headersSent) return void fallback(req, res);
        res.destroy();
      });
    };
  }

  private async serve(req: IncomingMessage, res: Parameters<RequestListener>[1], key: string, entry: Entry, fallback: RequestListener, observe: LaneObserver | undefined): Promise<void> {
    const started = performance.now();
    let rateLimitFields: Record<string, string> | null = null;
    const { limiter } = this.options;
    if (limiter !== null) {
      // As clientIp + rateLimit do without a bearer: the IP per TRUST_PROXY, policy `reads`.
      const forwarded = req.headers['x-forwarded-for'];
      const subject = subjectKey(null, this.resolveIp(req.socket.remoteAddress, Array.isArray(forwarded) ? forwarded.join(', ') : forwarded));
      const outcome = limiter.checkNow(POLICY, subject) ?? (await limiter.check(POLICY, subject));
      // A 429 (or an unmetered store failure), or a catalog version that changed meanwhile, is
      // Hono's to answer, with this outcome so the request is not counted twice.
      if (outcome.kind !== 'admitted' || !entry.isCurrent()) {
        handOffOutcome(req, { policyName: POLICY, subject, outcome });
        return void fallback(req, res);
      }
      rateLimitFields = { 'ratelimit-policy': this.policyField, ratelimit: rateLimitField(POLICY, outcome.decision.remaining, outcome.decision.resetSeconds) };
    }

    const method = req.method!;
    const notModified = ifNoneMatchMatches(req.headers['if-none-match'], entry.etag);
    const status = notModified ? 304 : 200;
    const body = notModified || method === 'HEAD' ? null : entry.bytes;
    const requestId = this.options.nextRequestId();
    // The order respondWith merges them in: the representation's, then the middleware's, outermost last.
    const headers: Record<string, string> = { ...(notModified ? entry.notModified : entry.ok), ...rateLimitFields, ...this.options.corsHeaders, ...SECURE_HEADERS, 'x-request-id': requestId };
    // What @hono/node-server adds for a byte body; a HEAD answer there has none (Hono drops the body first).
    if (body !== null) headers['content-length'] = String(body.byteLength);
    res.writeHead(status, headers as OutgoingHttpHeaders);
    res.end(body ?? undefined);
    this.servedCount += 1;

    const path = key.includes('?') ? key.slice(0, key.indexOf('?')) : key;
    observe?.(method, path, status, headers, body);
    const ms = performance.now() - started;
    this.options.recordRequest?.(method, entry.route, status, ms / 1000);
    // The line the Hono chain logs (app.ts): method, path, status and timing only.
    this.options.logger.info({ requestId, method, path, status, ms: Math.round(ms * 10) / 10 }, 'request');
  }

  /** The request's target when the lane may answer it, else null. */
  private keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    const headers = req.headers;
    // A bearer may change who is metered (and its verification is Hono's job); a body is unusual enough to leave alone.
    if (headers.authorization !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return null;
    const url = req.url;
    if (url === undefined || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return null;
    const mark = url.indexOf('?');
    if (url.lastIndexOf('%', mark === -1 ? url.length : mark) !== -1) return null;
    const host = headers.host;
    if (host === undefined || !(PLAIN_HOST.test(host) || (this.acceptsHost(host) && !url.includes("'")))) return null;
    return url;
  }

  /** @hono/node-server's check of a Host that is not plain (`new URL` re-encodes `'` in a query, hence the test above). */
  private acceptsHost(host: string): boolean {
    let ok = this.hosts.get(host);
    if (ok === undefined) {
      try {
        const { hostname } = new URL(`http://${host}`);
        ok = hostname.length === host.length || hostname === (host.includes(':') ? host.replace(/:\d+$/, '') : host).toLowerCase();
      } catch {
        ok = false;
      }
      this.hosts.set(host, ok);
    }
    return ok;
  }
}
