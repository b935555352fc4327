import { hash } from 'node:crypto';
import type { Coding } from './content-coding.js';

/** RFC 9110 §8.8.3: a strong validator derived from the representation's bytes (a text: its UTF-8). */
export function strongEtag(body: string | Uint8Array): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/**
 * RFC 9110 §8.8.3: a strong validator changes with the content coding, since the bytes do. The
 * encoded forms of `"x"` are `"x-br"` and `"x-gzip"` (Apache's convention), so a tag a client
 * holds names the content it decodes to, whatever coding it arrived in.
 */
export function codedEtag(etag: string, coding: Coding): string {
  return `${etag.slice(0, -1)}-${coding}"`;
}

const CODINGS: readonly Coding[] = ['br', 'gzip'];

/**
 * How a client's entity tag (weakness already removed) names `opaque` (the representation's tag
 * without W/): 'identity' for the tag itself, a coding for one of its encoded forms, undefined
 * for neither.
 */
function namedForm(candidate: string, opaque: string): Coding | 'identity' | undefined {
  if (candidate === opaque) return 'identity';
  for (const coding of CODINGS) if (candidate === codedEtag(opaque, coding)) return coding;
  return undefined;
}

/**
 * RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any representation. The
 * form the client holds (its coding, or 'identity' for the tag itself and for `*`), or undefined
 * when nothing matches; a 304 repeats the tag of that form (§15.4.5).
 */
export function ifNoneMatchForm(header: string | undefined, etag: string): Coding | 'identity' | undefined {
  if (!header) return undefined;
  if (header.trim() === '*') return 'identity';
  const opaque = etag.replace(/^W\//, '');
  for (const candidate of header.split(',')) {
    const form = namedForm(candidate.trim().replace(/^W\//, ''), opaque);
    if (form !== undefined) return form;
  }
  return undefined;
}

/** Whether If-None-Match names the representation (or an encoded form of it): a 304 on a read. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  return ifNoneMatchForm(header, etag) !== undefined;
}

/**
 * RFC 9110 §13.1.1: If-Match uses the strong comparison (a weak tag never matches); `*` matches
 * any current representation. (What it guards, an owner's edit, is never sent encoded:
 * middleware/response-encoding.ts leaves private answers alone.)
 */
export function ifMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header || etag.startsWith('W/')) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag;
  });
}
