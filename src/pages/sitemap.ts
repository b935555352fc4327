import { escapeXml } from './escape.js';

export interface SitemapEntry {
  loc: string;
  /** W3C datetime (RFC 3339 is a profile of it) */
  lastmod?: string | undefined;
}

/** sitemaps.org protocol 0.9: one <url> per page, every value XML-escaped. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
