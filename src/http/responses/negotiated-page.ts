import type { Context } from 'hono';
import { ERROR_CODES } from '../../lib/errors.js';
import type { AppEnv } from '../env.js';
import { negotiate } from '../requests/negotiate.js';
import { problem } from './problem.js';

/** What a human page can be: HTML for browsers, Markdown for agents. HTML wins ties. */
export const PAGE_OFFERS = ['text/html', 'text/markdown'] as const;
export type PageFormat = (typeof PAGE_OFFERS)[number];

/** RFC 9110 §12.5.5: the representation depends on Accept, so every answer names it. */
export const NEGOTIATED_VARY = 'Accept, Accept-Encoding';

/**
 * The format a page is served in: a `.md` twin URL is always Markdown; otherwise RFC 9110
 * §12.5.1 Accept decides, and null means nothing offered is acceptable.
 */
export function pageFormat(c: Context<AppEnv>, twin: boolean): PageFormat | null {
  if (twin) return 'text/markdown';
  return negotiate(c.req.header('accept'), PAGE_OFFERS);
}

/** Whether an Accept header selects a page's HTML (pageFormat, not a twin). */
export function selectsHtml(accept: string | undefined): boolean {
  return negotiate(accept, PAGE_OFFERS) === 'text/html';
}

/** RFC 9110 §15.5.7: 406 as a problem that names what the page can be served as. */
export function notAcceptable(c: Context<AppEnv>, markdownUrl: string): Response {
  return problem(
    c,
    {
      status: 406,
      code: ERROR_CODES.notAcceptable,
      title: 'Not acceptable',
      detail: `This page is available as text/html or text/markdown (also at ${markdownUrl}); the Accept header allows neither.`,
    },
    { vary: NEGOTIATED_VARY },
  );
}
