import type { Context } from 'hono';
import type { Site } from '../../pages/layout.js';
import type { RenderedPages } from '../../pages/rendered-pages.js';
import type { AppEnv } from '../env.js';
import type { ResponseCache } from '../middleware/response-cache.js';
import { sendKept } from './cached-response.js';
import { htmlKeptHeaders } from './html-response.js';

export interface SitePageOptions {
  site: () => Promise<Site>;
  siteIsCurrent: (site: Site) => boolean;
  cache: ResponseCache;
  rendered: RenderedPages;
  cacheControl: string;
}

/**
 * A page drawn from the site alone (its name, brand and links; no catalog data), such as /agents
 * or /problems: rendered once per site, offered to the response cache while the site is current.
 */
export function sitePage(options: SitePageOptions): (c: Context<AppEnv>, key: string, render: (site: Site) => string) => Promise<Response> {
  const { rendered, cache, siteIsCurrent, cacheControl } = options;
  return async (c, key, render) => {
    const site = await options.site();
    const html = rendered.get(key, [site], () => render(site));
    const headers = htmlKeptHeaders(html, cacheControl, {});
    cache.offerPage(c, html, headers, () => siteIsCurrent(site));
    return sendKept(c, html, headers);
  };
}
