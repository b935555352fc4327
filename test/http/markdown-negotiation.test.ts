import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const MARKDOWN = 'text/markdown; charset=utf-8';

describe('RFC 9110 §12.5.1: Markdown for every human page (/, /inquire, /docs)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const get = (path: string, accept?: string) => fetch(`${server.baseUrl}${path}`, { headers: accept === undefined ? {} : { accept } });

  for (const [page, twin, heading] of [
    ['/', '/index.md', /^# Larchwood Studio portfolio$/m],
    ['/inquire', '/inquire.md', /^# Send Larchwood Studio an inquiry$/m],
    ['/docs', '/docs.md', /^# .+ API$/m],
    ['/projects/atlas-regional-trip-planner', '/projects/atlas-regional-trip-planner.md', /^# Atlas /m],
  ] as const) {
    it(`${page}: HTML for browsers, Markdown for Accept: text/markdown, both with Vary: Accept`, async () => {
      const html = await get(page, BROWSER);
      assert.equal(html.status, 200);
      assert.equal(html.headers.get('content-type')?.toLowerCase(), 'text/html; charset=utf-8');
      assert.match(html.headers.get('vary') ?? '', /\bAccept\b/);
      assert.match(await html.text(), /^<!doctype html>/i);

      const md = await get(page, 'text/markdown');
      assert.equal(md.status, 200);
      assert.equal(md.headers.get('content-type'), MARKDOWN);
      assert.match(md.headers.get('vary') ?? '', /\bAccept\b/, 'RFC 9110 §12.5.5: caches must key on Accept');
      const text = await md.text();
      assert.match(text, heading);
      assert.ok(!/<(html|body|div)\b/i.test(text), 'no HTML in the Markdown');

      const weighted = await get(page, 'text/html;q=0.5, text/markdown');
      assert.equal(weighted.headers.get('content-type'), MARKDOWN, 'the higher q wins');
      await weighted.arrayBuffer();
    });

    it(`${twin} is the Markdown twin of ${page}, whatever Accept says`, async () => {
      const res = await get(twin, BROWSER);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), MARKDOWN);
      assert.doesNotMatch(res.headers.get('vary') ?? '', /\bAccept\b(?!-)/, 'a twin does not vary by Accept');
      assert.match(await res.text(), heading);
    });

    it(`${page}: 406 not_acceptable problem when neither HTML nor Markdown is acceptable`, async () => {
      for (const accept of ['image/png', 'application/json', 'text/html;q=0, text/markdown;q=0, */*;q=0']) {
        const res = await get(page, accept);
        assert.equal(res.status, 406, accept);
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
        assert.match(res.headers.get('vary') ?? '', /\bAccept\b/);
        const problem = (await res.json()) as { status: number; error: string; detail: string };
        assert.equal(problem.status, 406);
        assert.equal(problem.error, 'not_acceptable');
        assert.match(problem.detail, /text\/markdown/);
      }
    });
  }

  it('answers */*, text/* and a missing Accept with HTML (curl and old clients keep working)', async () => {
    for (const accept of [undefined, '*/*', 'text/*']) {
      const res = await get('/', accept);
      assert.equal(res.status, 200, String(accept));
      assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8', String(accept));
      await res.arrayBuffer();
    }
  });

  it('the catalog in Markdown lists projects with their mirrors, the active filters and a next-page link', async () => {
    const first = await (await get('/index.md')).text();
    const mirrors = [...first.matchAll(/\]\(<(http[^>]+\/projects\/[a-z0-9-]+\.md)>\)/g)].map((m) => m[1]!);
    assert.ok(mirrors.length >= 12, 'featured work and the first page');
    assert.ok(mirrors.every((url) => url.startsWith(`${server.baseUrl}/projects/`)));
    const next = /^- Next page: <([^>]+)>$/m.exec(first)?.[1];
    assert.ok(next?.startsWith(`${server.baseUrl}/index.md?cursor=`), 'paging stays in Markdown');
    const second = await (await fetch(next!)).text();
    assert.match(second, /^## More projects$/m);
    assert.match(second, new RegExp(`^- First page: <${server.baseUrl}/index\\.md>$`, 'm'));
    const secondMirrors = [...second.matchAll(/\]\(<(http[^>]+\.md)>\)/g)].map((m) => m[1]!);
    assert.ok(secondMirrors.length > 0 && secondMirrors.every((url) => !mirrors.includes(url)), 'the second page continues the first');

    const filtered = await (await get('/?industry=healthcare&q=booking', 'text/markdown')).text();
    assert.match(filtered, /^## Active filters$/m);
    assert.match(filtered, /^- Search: “booking” \(\[remove\]\(<[^>]+\/index\.md\?industry=healthcare>\)\)$/m);
    assert.match(filtered, /^- Industry: Healthcare \(\[remove\]\(<[^>]+\/index\.md\?q=booking>\)\)$/m);
    // How many the view lists in all, as the HTML page says.
    const listed = [...filtered.matchAll(/\]\(<(http[^>]+\/projects\/[a-z0-9-]+\.md)>\)/g)].length;
    assert.ok(listed > 0);
    assert.match(filtered, new RegExp(`^## ${listed} matching ${listed === 1 ? 'project' : 'projects'}$`, 'm'));
  });

  it('/inquire in Markdown explains the REST and MCP ways, naming the project asked about', async () => {
    const text = await (await get('/inquire.md?project=atlas-regional-trip-planner')).text();
    assert.ok(text.includes(`POST ${server.baseUrl}/api/v1/inquiries`));
    assert.ok(text.includes('"project_slugs": ["atlas-regional-trip-planner"]'));
    assert.match(text, /`submit_inquiry`/);
    assert.ok(text.includes(`<${server.baseUrl}/mcp>`));
    assert.match(text, /About: Atlas Regional Trip Planner/);
  });

  it('/docs in Markdown summarises every operation of /openapi.json and links it', async () => {
    const text = await (await get('/docs.md')).text();
    assert.ok(text.includes(`<${server.baseUrl}/openapi.json>`));
    const doc = (await (await get('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))) assert.ok(text.includes(`\`${method.toUpperCase()} ${path}\``), `${method} ${path}`);
    }
  });

  it('the home page links the server card, auth.md and the protected-resource metadata (RFC 8288 Link and <link>)', async () => {
    const res = await get('/', BROWSER);
    const link = res.headers.get('link') ?? '';
    for (const target of ['/.well-known/mcp/server-card.json', '/auth.md', '/.well-known/oauth-protected-resource', '/.well-known/api-catalog', '/index.md']) {
      assert.ok(link.includes(`<${server.baseUrl}${target}>`), target);
    }
    const html = await res.text();
    assert.match(html, /<link rel="describedby" href="\/\.well-known\/mcp\/server-card\.json" type="application\/mcp-server-card\+json"/);
    assert.match(html, /<link rel="alternate" type="text\/markdown" href="\/index\.md"/);
    for (const target of ['/.well-known/mcp/server-card.json', '/auth.md', '/.well-known/oauth-protected-resource']) {
      const linked = await fetch(`${server.baseUrl}${target}`);
      assert.equal(linked.status, 200, target);
      await linked.arrayBuffer();
    }
  });
});
