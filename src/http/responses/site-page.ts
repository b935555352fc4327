import type { Context } from 'hono';
import type { Site } from '../../pages/layout.js';
import type { RenderedPages } from '../../pages/rendered-pages.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { keptHeaders, sendKept } from './cached-response.js';
import { htmlKeptHeaders } from './html-response.js';
import { NEGOTIATED_VARY, notAcceptable, pageFormat, selectsHtml } from './negotiated-page.js';

export interface SitePageOptions {
  site: () => Promise<Site>;
  siteIsCurrent: (site: Site) => boolean;
  cache: ResponseCache;
  rendered: RenderedPages;
  cacheControl: string;
}

/** A site page's two forms: HTML for people, Markdown for agents. */
export interface PageForms {
  html: (site: Site) => string;
  markdown: (site: Site) => string;
}

/**
 * A page drawn from the site alone (its name, brand and links; no catalog data), such as /agents
 * or /problems, rendered once per site in each form and offered to the response cache while the
 * site is current. Its `.md` twin (`twin`) is always Markdown; the page itself is what Accept
 * selects (RFC 9110 §12.5.1): HTML on a tie and for browsers, 406 for neither. The cache keeps
 * the twin, and the page's HTML for requests that select HTML.
 */
export function negotiatedSitePage(options: SitePageOptions): (c: Context<AppEnv>, key: string, forms: PageForms, twin: boolean) => Promise<Response> {
  const { rendered, cache, siteIsCurrent, cacheControl } = options;
  return async (c, key, forms, twin) => {
    const format = pageFormat(c, twin);
    if (format === null) return notAcceptable(c, `${c.get('baseUrl')}${c.req.path}.md`);
    const site = await options.site();
    if (format === 'text/markdown') {
      const markdown = rendered.get(`${key}.md`, [site], () => forms.markdown(site));
      const headers = keptHeaders(markdown, 'text/markdown; charset=utf-8', cacheControl, { vary: twin ? 'Accept-Encoding' : NEGOTIATED_VARY });
      if (twin) cache.offerPage(c, markdown, headers, () => siteIsCurrent(site));
      return sendKept(c, markdown, headers);
    }
    const html = rendered.get(key, [site], () => forms.html(site));
    const headers = htmlKeptHeaders(html, cacheControl, { vary: NEGOTIATED_VARY });
    cache.offerPage(c, html, headers, () => siteIsCurrent(site), selectsHtml);
    return sendKept(c, html, headers);
  };
}
