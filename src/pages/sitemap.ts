import { escapeXml } from './escape.js';

/** sitemaps.org: a sitemap holds at most 50,000 URLs (and 50 MB); more go in several, named by a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  loc: string;
  /** W3C datetime (RFC 3339 is a profile of it) */
  lastmod?: string | undefined;
}

/** A sitemaps.org 0.9 document: `root` holding one `item` per entry, its loc and lastmod, every value XML-escaped. */
function sitemapDocument(root: 'urlset' | 'sitemapindex', item: 'url' | 'sitemap', entries: readonly SitemapEntry[]): string {
  const items = entries.map((e) => `  <${item}><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</${item}>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</${root}>\n`;
}

/** sitemaps.org protocol 0.9: one <url> per page. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  return sitemapDocument('urlset', 'url', entries);
}

/** The entries in sitemaps of at most `max` each, in order. */
export function sitemapParts<T>(entries: readonly T[], max = SITEMAP_MAX_URLS): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < entries.length; i += max) parts.push(entries.slice(i, i + max));
  return parts.length > 0 ? parts : [[]];
}

/** The newest lastmod of `entries` (RFC 3339 strings of one form compare as text), if any has one. */
export function newestOf(entries: readonly SitemapEntry[]): string | undefined {
  let newest: string | undefined;
  for (const e of entries) if (e.lastmod !== undefined && (newest === undefined || e.lastmod > newest)) newest = e.lastmod;
  return newest;
}

/** sitemaps.org protocol 0.9, "Using Sitemap index files": one <sitemap> per sitemap, each with its newest lastmod. */
export function sitemapIndexXml(sitemaps: readonly SitemapEntry[]): string {
  return sitemapDocument('sitemapindex', 'sitemap', sitemaps);
}
