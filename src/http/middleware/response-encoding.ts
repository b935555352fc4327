import type { Context } from 'hono';
import { encode, encodeKept, isCompressible, varyWithAcceptEncoding, type Coding, type Encoded } from '../../lib/content-coding.js';
import { codedEtag, ifNoneMatchForm } from '../../lib/etag.js';
import { preferredCoding } from '../requests/accept-encoding.js';
import { replaceResponse } from '../responses/replace-response.js';
import { answeredBytes, setResponseHeader } from '../responses/response-headers.js';

/**
 * Content coding of answers (RFC 9110 §8.4), run by requestContext once every header is on the
 * answer: a public 200 of a text type of 1 KiB or more goes out as br or gzip when
 * Accept-Encoding asks for one (accept-encoding.ts). A kept answer (a cached catalog read, a
 * rendered page, a static file: bytes respondWith was given) is encoded once and its encoding
 * kept with it (lib/content-coding.ts); the cached-read lane then sends that encoding itself. Any
 * other answer is read and encoded per request, off the event loop.
 *
 * An encoded answer is another representation: its own `Content-Length`, a strong ETag of its
 * own (§8.8.3: `"x"` becomes `"x-br"`), and `Vary: Accept-Encoding` (§12.5.5). A conditional
 * request naming an encoded form's tag gets a 304 that repeats it (§15.4.5); one naming the
 * plain tag, the plain tag. Event streams (MCP) are never buffered; images are sent as they are.
 *
 * Returns undefined, at no cost, for a request without Accept-Encoding and for answers it leaves
 * alone.
 */
export function encodeResponse(c: Context): Promise<void> | undefined {
  const status = c.res.status;
  if (status === 304) {
    repeatEncodedTag(c);
    return undefined;
  }
  if (status !== 200) return undefined;
  const coding = preferredCoding(c.req.header('accept-encoding'));
  if (coding === undefined) return undefined;
  const headers = c.res.headers;
  const length = headers.get('content-length');
  if (headers.has('content-encoding') || !isCompressible(headers.get('content-type'), length === null ? Infinity : Number(length))) return undefined;
  // BREACH (CVE-2013-3587): an answer for one user may hold a secret (a session's form token)
  // beside text the request put there; compressed, its length would tell the one from the other.
  // Only answers anyone may see are encoded; the catalog's are all public.
  if (PRIVATE.test(headers.get('cache-control') ?? '')) return undefined;
  return encodeBody(c, coding);
}

const PRIVATE = /\b(?:private|no-store)\b/i;

async function encodeBody(c: Context, coding: Coding): Promise<void> {
  const res = c.res;
  const kept = answeredBytes(c);
  let encoded: Encoded;
  // zlib failing on bytes in memory would be a bug or no memory: the answer goes out plain.
  if (kept !== undefined) {
    encoded = await Promise.resolve(encodeKept(kept, coding)).catch(() => null);
  } else {
    const body = new Uint8Array(await res.arrayBuffer());
    encoded = isCompressible(res.headers.get('content-type'), body.byteLength) ? await encode(body, coding).catch(() => null) : null;
    // Its body is read: the answer goes out as these bytes, encoded or not.
    if (encoded === null) return replaceResponse(c, new Response(body, { status: res.status, headers: withVary(res.headers, false) }));
  }
  if (encoded === null) return;
  const headers = withVary(res.headers, true);
  headers.set('content-encoding', coding);
  headers.set('content-length', String(encoded.byteLength));
  const etag = headers.get('etag');
  if (etag !== null) headers.set('etag', codedEtag(etag, coding));
  replaceResponse(c, new Response(encoded, { status: res.status, headers }));
}

/** §15.4.5: a 304 for an encoded form's tag repeats that tag, the one the client holds. */
function repeatEncodedTag(c: Context): void {
  const etag = c.res.headers.get('etag');
  if (etag === null) return;
  const form = ifNoneMatchForm(c.req.header('if-none-match'), etag);
  if (form !== undefined && form !== 'identity') setResponseHeader(c, 'etag', codedEtag(etag, form));
}

/** A copy of an answer's headers; `Vary` names Accept-Encoding when the answer was encoded. */
function withVary(source: Headers, encoded: boolean): Headers {
  const headers = new Headers(source);
  if (encoded) headers.set('vary', varyWithAcceptEncoding(headers.get('vary')));
  return headers;
}

