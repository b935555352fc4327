import { isCompressible, keptEncoding, varyWithAcceptEncoding, type Coding } from '../lib/content-coding.js';
import { codedEtag, ifNoneMatchForm } from '../lib/etag.js';
import { preferredCoding } from './requests/accept-encoding.js';
import { listField } from './requests/header.js';
import type { CurrentEntry, ResponseCache } from './middleware/response-cache.js';
import { isPlainHost, type Lane, type LaneSteps } from './lane.js';

export interface CachedReadLaneOptions extends LaneSteps {
  cache: ResponseCache;
  /** representations named by their content (image variants, routes/media-files.ts): current while kept */
  kept?: (target: string) => CurrentEntry | undefined;
}

/**
 * Repeated public reads answered on node:http, before Hono (issue 17). For a GET the response
 * cache can answer, everything the app would run is the request context, the rate limit and the
 * cache's `serve` (response-cache.ts); building Hono's request, context and Response around a
 * stored answer cost more than the rest of it (same run: 126 → 110 µs a 44 KiB list, the bare
 * node:http answer 84). So the lane runs those three itself — the same request id source, client
 * address, constant headers, rate-limit decision (spending the quota once), cache entry, 304
 * rule, metric sample and access-log line — and writes the answer @hono/node-server would write.
 * Image variants kept in memory are answered the same way (`kept`): named by their bytes' hash,
 * they need no cache entry to stay current (an AVIF variant 70–83 → 32–45 µs, bench/studio-site.ts).
 *
 * Anything else goes to the app: another method, a bearer (the rate limit then meters its
 * client, which takes a verification), a body, a target with percent-encoding (Hono decodes the
 * path it routes and meters), a Host the adaptor would check, no current entry, or a rate-limit
 * decision that is not an admission in this tick. test/http/cached-read-lane.test.ts checks
 * that its answers are the app's, header for header.
 */
export function cachedReadLane(options: CachedReadLaneOptions): Lane {
  const { cache, headersFor, nextRequestId, clientIp, admit, record, kept } = options;
  return (req, res) => {
    const target = req.url;
    if (req.method !== 'GET' || target === undefined || target.charCodeAt(0) !== 0x2f || target.includes('%')) return false;
    const headers = req.headers;
    if (headers.authorization !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    if (!isPlainHost(headers.host)) return false;
    const cached = cache.current(target, headers.accept);
    const entry = cached ?? kept?.(target);
    if (entry === undefined) return false;
    // An encoded answer the app has not made yet: the app makes it, and keeps it for next time.
    const answer = encodedAnswer(entry, headers['accept-encoding']);
    if (answer === false) return false;
    const started = performance.now();
    const query = target.indexOf('?');
    const path = query < 0 ? target : target.slice(0, query);
    const fields = admit('GET', path, clientIp(req.socket.remoteAddress, listField(headers['x-forwarded-for'])));
    if (fields === undefined) return false;
    const requestId = nextRequestId();
    // RFC 9110 §13.1.2 (weak comparison) and §15.4.5: a 304 repeats the validator, not the body.
    const held = ifNoneMatchForm(listField(headers['if-none-match']), entry.etag);
    const own = held !== undefined ? notModifiedFields(entry, held) : answer === undefined ? entry.ok : answer.headers;
    // respondWith's merge (responses/response-headers.ts): the handler's headers, the RateLimit
    // fields (a `default` contribution), then requestContext's (a `set` one, outermost).
    res.writeHead(held !== undefined ? 304 : 200, { ...own, ...fields, ...headersFor(path), 'x-request-id': requestId });
    if (held !== undefined) res.end();
    else res.end(answer === undefined ? entry.bytes : answer.bytes);
    if (cached !== undefined) cache.answered();
    record(requestId, 'GET', path, entry.route, held !== undefined ? 304 : 200, started);
    return true;
  };
}

interface EncodedAnswer {
  bytes: Uint8Array<ArrayBuffer>;
  headers: Readonly<Record<string, string>>;
}

/**
 * The encoded form of a kept answer this request asks for (response-encoding.ts makes the same):
 * undefined to send the plain one, false when the encoding is not made yet.
 */
function encodedAnswer(entry: CurrentEntry, acceptEncoding: string | undefined): EncodedAnswer | undefined | false {
  if (acceptEncoding === undefined) return undefined;
  const coding = preferredCoding(acceptEncoding);
  if (coding === undefined || !isCompressible(entry.ok['content-type'], entry.bytes.byteLength)) return undefined;
  const bytes = keptEncoding(entry.bytes, coding);
  if (bytes === undefined) return false;
  if (bytes === null) return undefined;
  let forms = encodedHeaders.get(entry.ok);
  if (forms === undefined) encodedHeaders.set(entry.ok, (forms = {}));
  const headers = (forms[coding] ??= Object.freeze({ ...entry.ok, 'content-length': String(bytes.byteLength), 'content-encoding': coding, etag: codedEtag(entry.etag, coding), vary: varyWithAcceptEncoding(entry.ok.vary) }));
  return { bytes, headers };
}

/** A kept answer's header sets per coding, made once (the entry's own header object holds them). */
const encodedHeaders = new WeakMap<Readonly<Record<string, string>>, Partial<Record<Coding, Readonly<Record<string, string>>>>>();

/** A 304's own fields: the entry's, with the tag of the form the client holds (§15.4.5). */
function notModifiedFields(entry: CurrentEntry, held: Coding | 'identity'): Readonly<Record<string, string>> {
  return held === 'identity' ? entry.notModified : { ...entry.notModified, etag: codedEtag(entry.etag, held) };
}
