import { expect, type Check } from './check.js';

/** What the human pages offer agents: Markdown by negotiation, JSON-LD, discovery links. */
export const contentChecks: Check[] = [
  {
    name: 'Markdown negotiation',
    spec: 'RFC 9110 §12.5.1',
    async run(probe) {
      const pages = ['/', '/inquire', '/docs'];
      for (const page of pages) {
        const { response } = await probe.text(page, 'text/markdown', { accept: 'text/markdown' });
        expect(/\baccept\b/i.test(response.headers.get('vary') ?? ''), `${page}: no Vary: Accept`);
      }
      return pages.join(', ');
    },
  },
  {
    name: 'Home page Link header',
    spec: 'RFC 8288',
    async run(probe) {
      const response = await probe.get('/', { accept: 'text/html' });
      await response.arrayBuffer();
      const link = response.headers.get('link') ?? '';
      const missing = ['rel="api-catalog"', 'rel="service-desc"', '/auth.md', '/.well-known/oauth-protected-resource', 'mcp-server-card'].filter((needle) => !link.includes(needle));
      expect(missing.length === 0, `Link lacks ${missing.join(', ')}`);
      return 'api-catalog, service-desc, auth.md, protected resource, server card';
    },
  },
  {
    name: 'JSON-LD',
    spec: 'Schema.org',
    async run(probe) {
      const { body: sitemap } = await probe.text('/sitemap.xml', 'application/xml');
      const page = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!).find((loc) => /\/projects\//.test(loc));
      expect(page, 'no project page in the sitemap');
      const { body } = await probe.text(new URL(page).pathname, 'text/html', { accept: 'text/html' });
      const blocks = [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type'?: string });
      expect(blocks.length > 0, 'no application/ld+json block on a project page');
      return blocks.map((b) => b['@type'] ?? '?').join(', ');
    },
  },
];
