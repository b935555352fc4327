import { expect, type Check } from './check.js';

/** Files crawlers and agents look for at the root: sitemap, robots.txt, llms.txt, the API catalog, OpenAPI. */
export const discoveryChecks: Check[] = [
  {
    name: 'sitemap.xml',
    spec: 'sitemaps.org 0.9',
    async run(probe) {
      const { body } = await probe.text('/sitemap.xml', 'application/xml');
      const locs = body.match(/<loc>/g)?.length ?? 0;
      expect(body.includes('<urlset') && locs > 0, 'no <urlset> with <loc> entries');
      return `${locs} URLs`;
    },
  },
  {
    name: 'robots.txt',
    spec: 'RFC 9309, Content Signals',
    async run(probe) {
      const { body } = await probe.text('/robots.txt', 'text/plain');
      expect(/^User-agent: \*/im.test(body), 'no User-agent: * group');
      const signal = /^Content-Signal: (.+)$/im.exec(body)?.[1];
      expect(signal, 'no Content-Signal line');
      expect(/^Sitemap: /im.test(body), 'no Sitemap line');
      const named = ['GPTBot', 'ClaudeBot', 'PerplexityBot'].filter((bot) => new RegExp(`^User-agent: ${bot}$`, 'im').test(body));
      expect(named.length > 0, 'no group names a well-known AI crawler');
      return `${signal}; names ${named.join(', ')}`;
    },
  },
  {
    name: 'llms.txt',
    spec: 'llmstxt.org',
    async run(probe) {
      const { body } = await probe.text('/llms.txt', 'text/plain');
      expect(/^# .+\n\n> /.test(body), 'not an H1 followed by a block-quote summary');
      const links = body.match(/\]\(https?:\/\/[^)]+\)/g)?.length ?? 0;
      expect(links > 0, 'no links');
      const full = await probe.get('/llms-full.txt');
      await full.arrayBuffer();
      return `${links} links${full.status === 200 ? '; llms-full.txt too' : ''}`;
    },
  },
  {
    name: 'API catalog',
    spec: 'RFC 9727',
    async run(probe) {
      const catalog = await probe.json<{ linkset?: { anchor?: string; 'service-desc'?: unknown[] }[] }>('/.well-known/api-catalog', 'application/linkset+json');
      expect(Array.isArray(catalog.linkset) && catalog.linkset.length > 0, 'no linkset entries');
      expect(catalog.linkset.some((entry) => Array.isArray(entry['service-desc'])), 'no service-desc link');
      return `${catalog.linkset.length} APIs`;
    },
  },
  {
    name: 'OpenAPI',
    spec: 'OpenAPI 3.1',
    async run(probe) {
      const doc = await probe.json<{ openapi?: string; paths?: Record<string, unknown> }>('/openapi.json');
      expect(doc.openapi?.startsWith('3.1'), `openapi is ${doc.openapi ?? 'missing'}`);
      return `${Object.keys(doc.paths ?? {}).length} paths`;
    },
  },
];
