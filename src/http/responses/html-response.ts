import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ifNoneMatchMatches, strongEtag } from '../../lib/etag.js';
import type { Representation } from '../../lib/representation.js';
import { keptHeaders, type KeptHeaders } from './cached-response.js';

/**
 * CSP for every HTML page: no script at all, styles and images from this origin only, forms
 * may post only here, and no page may be framed (clickjacking) or rebase its relative URLs.
 */
export const HTML_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'none'; object-src 'none'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * HTML_CSP for a page that shows these projects' images. A project image may be at an outside URL
 * (README, "an image elsewhere"), which `img-src 'self'` would block, leaving a broken image: the
 * policy names the origins of those images (CSP 3 §2.3.1 host-source), and no others.
 */
export function imagesCsp(projects: readonly { images: readonly { url: string }[] }[], publicUrl: string): string {
  const origins = new Set<string>();
  for (const { images } of projects) {
    for (const { url } of images) if (/^https?:\/\//i.test(url) && !url.startsWith(`${publicUrl}/`) && URL.canParse(url)) origins.add(new URL(url).origin);
  }
  return origins.size === 0 ? HTML_CSP : HTML_CSP.replace("img-src 'self' data:", `img-src 'self' data: ${[...origins].join(' ')}`);
}

export interface TextResponseOptions {
  contentType: string;
  status?: number;
  cacheControl: string;
  /** answer 304 when If-None-Match matches (cacheable GETs only) */
  conditional?: boolean;
  headers?: Record<string, string>;
  /** the body's strong ETag, when it was computed with the body (pages/rendered-pages.ts) */
  etag?: string;
}

/** A text representation with a strong ETag, optionally honouring If-None-Match. */
export function sendText(c: Context, body: string, options: TextResponseOptions): Response {
  const etag = options.etag ?? strongEtag(body);
  const headers: Record<string, string> = { etag, 'cache-control': options.cacheControl, ...options.headers };
  if (options.conditional !== false && (options.status ?? 200) === 200 && ifNoneMatchMatches(c.req.header('if-none-match'), etag)) {
    return c.body(null, 304, headers);
  }
  return c.body(body, (options.status ?? 200) as ContentfulStatusCode, { 'content-type': options.contentType, ...headers });
}

export function sendHtml(c: Context, html: string, options: Omit<TextResponseOptions, 'contentType'>): Response {
  return sendText(c, html, {
    ...options,
    contentType: 'text/html; charset=utf-8',
    headers: { 'content-security-policy': HTML_CSP, ...options.headers },
  });
}

/** sendHtml's fields for a rendered page as fixed sets, for sendKept and the response cache. */
export function htmlKeptHeaders(page: Representation, cacheControl: string, extra: Readonly<Record<string, string>>): KeptHeaders {
  return keptHeaders(page, 'text/html; charset=utf-8', cacheControl, { 'content-security-policy': HTML_CSP, ...extra });
}
