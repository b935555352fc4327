import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('agent-readable surfaces', () => {
  let server: TestServer;
  before(async () => {
    // The contract recorder checks /llms.txt and the api-catalog against /openapi.json too.
    server = await startTestServer();
  });
  after(() => server.close());

  const published = async () => {
    const slugs: string[] = [];
    let url: string | null = `${server.baseUrl}/api/v1/projects?limit=100`;
    while (url) {
      const page = (await (await fetch(url)).json()) as { data: { slug: string }[]; next_cursor: string | null };
      slugs.push(...page.data.map((p) => p.slug));
      url = page.next_cursor ? `${server.baseUrl}/api/v1/projects?limit=100&cursor=${page.next_cursor}` : null;
    }
    return slugs;
  };

  it('/llms.txt names the API, docs, MCP endpoint, sandbox and auth.md, and links every project mirror', async () => {
    const res = await fetch(`${server.baseUrl}/llms.txt`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await res.text();
    assert.match(text, /^# .+\n\n> .+/, 'llmstxt.org: an H1 then a block-quote summary');
    for (const path of ['/openapi.json', '/docs', '/mcp', '/api/v1/sandbox/', '/auth.md', '/.well-known/api-catalog']) assert.ok(text.includes(`${server.baseUrl}${path}`), path);
    for (const slug of await published()) assert.ok(text.includes(`(${server.baseUrl}/projects/${slug}.md)`), slug);
    assert.ok(!text.includes('warehouse-pick-and-pack-app'), 'unpublished projects are not listed');
  });

  it('/robots.txt allows crawling and points at the sitemap (RFC 9309)', async () => {
    const text = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    assert.match(text, /^User-agent: \*$/m);
    assert.match(text, /^Disallow: \/inquire$/m);
    // A crawler following /agents' link to /api/v1/keys would mint a credential on every visit.
    assert.match(text, /^Disallow: \/api\/v1\/keys$/m);
    assert.match(text, /^Disallow: \/oauth\/$/m);
    assert.ok(text.includes(`Sitemap: ${server.baseUrl}/sitemap.xml`));
  });

  it('/sitemap.xml lists the home page and every published project page, with lastmod', async () => {
    const res = await fetch(`${server.baseUrl}/sitemap.xml`);
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
    const xml = await res.text();
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const slugs = await published();
    assert.equal(locs.length, slugs.length + 1);
    assert.ok(locs.includes(`${server.baseUrl}/`));
    for (const slug of slugs) assert.ok(locs.includes(`${server.baseUrl}/projects/${slug}`), slug);
    assert.equal((xml.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g) ?? []).length, slugs.length + 1);
  });

  it('/.well-known/api-catalog is an RFC 9727 linkset pointing to OpenAPI, docs and auth.md', async () => {
    const res = await fetch(`${server.baseUrl}/.well-known/api-catalog`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
    assert.match(res.headers.get('link') ?? '', /rel="api-catalog"/);
    const body = (await res.json()) as { linkset: Record<string, { href: string; type?: string }[] | string>[] };
    const api = body.linkset.find((entry) => entry.anchor === `${server.baseUrl}/api/v1`)!;
    assert.ok(api, 'an entry anchored at the API');
    assert.deepEqual((api['service-desc'] as { href: string }[]).map((l) => l.href), [`${server.baseUrl}/openapi.json`]);
    const docs = (api['service-doc'] as { href: string }[]).map((l) => l.href);
    assert.ok(docs.includes(`${server.baseUrl}/docs`));
    assert.ok(docs.includes(`${server.baseUrl}/auth.md`));
    for (const entry of body.linkset) for (const [rel, links] of Object.entries(entry)) if (rel !== 'anchor') for (const link of links as { href: string }[]) assert.match(link.href, /^http/, 'RFC 9264 §4.2: target objects carry href');

    const head = await fetch(`${server.baseUrl}/.well-known/api-catalog`, { method: 'HEAD' });
    assert.equal(head.status, 200, 'RFC 9727 §2: HEAD is supported');
  });

  it('every document it links to is actually served', async () => {
    for (const path of ['/openapi.json', '/docs', '/auth.md', '/llms.txt', '/healthz', '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      assert.equal(res.status, 200, path);
      await res.arrayBuffer();
    }
  });

  it('sends 304 for unchanged documents', async () => {
    for (const path of ['/llms.txt', '/sitemap.xml', '/.well-known/api-catalog']) {
      const etag = (await fetch(`${server.baseUrl}${path}`)).headers.get('etag')!;
      const res = await fetch(`${server.baseUrl}${path}`, { headers: { 'if-none-match': etag } });
      assert.equal(res.status, 304, path);
    }
  });
});
