import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('stylesheet and generated project images', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('serves the stylesheet linked from the pages, immutable under its content-hash URL', async () => {
    const html = await (await fetch(`${server.baseUrl}/`)).text();
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)![1]!;
    assert.match(href, /^\/assets\/site\.css\?v=[\w-]{10}$/);
    const css = await fetch(`${server.baseUrl}${href}`);
    assert.equal(css.status, 200);
    assert.equal(css.headers.get('content-type'), 'text/css; charset=utf-8');
    assert.equal(css.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.match(await css.text(), /:focus-visible/);
    const etag = css.headers.get('etag')!;
    const again = await fetch(`${server.baseUrl}${href}`, { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    const unversioned = await fetch(`${server.baseUrl}/assets/site.css`);
    assert.equal(unversioned.headers.get('cache-control'), 'public, max-age=300');
    await unversioned.arrayBuffer();
    const missing = await fetch(`${server.baseUrl}/assets/nope.js`);
    assert.equal(missing.status, 404);
    await missing.arrayBuffer();
  });

  it('answers /favicon.ico, which browsers ask for on their own, with a permanent redirect to the site icon', async () => {
    const res = await fetch(`${server.baseUrl}/favicon.ico`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    const icon = await fetch(new URL(res.headers.get('location')!, server.baseUrl));
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get('content-type'), 'image/svg+xml');
    assert.match(await icon.text(), /^<svg/);
  });

  it('serves /agents as a script-free HTML page under the site CSP', async () => {
    const res = await fetch(`${server.baseUrl}/agents`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(res.headers.get('content-security-policy') ?? '', /script-src 'none'/);
    const html = await res.text();
    assert.match(html, /<h1>Let your agent browse our work and get in touch<\/h1>/);
    assert.doesNotMatch(html, /<script/);
    const home = await (await fetch(`${server.baseUrl}/`)).text();
    assert.match(home, /<a href="\/agents">\s*For AI agents\s*<\/a>/, 'the navigation points people at the page, not at llms.txt');

    // The page names every tool MCP lists, and says how many.
    const list = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const tools = ((await list.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
    for (const name of tools) assert.ok(html.includes(`<code>${name}</code>`), name);
    const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
    assert.match(html, new RegExp(`offers ${words[tools.length]} tools`));

    // The same facts as Markdown for an agent: by Accept, and at /agents.md (RFC 9110 §12.5.1).
    for (const [path, accept] of [['/agents', 'text/markdown'], ['/agents.md', '*/*']] as const) {
      const md = await fetch(`${server.baseUrl}${path}`, { headers: { accept } });
      assert.equal(md.status, 200, path);
      assert.equal(md.headers.get('content-type'), 'text/markdown; charset=utf-8', path);
      const text = await md.text();
      assert.match(text, /^# Agents and .+: browse the work, send an inquiry$/m, path);
      for (const name of tools) assert.ok(text.includes(`\`${name}\``), `${path} names ${name}`);
      for (const link of ['/mcp', '/auth.md', '/openapi.json', '/api/v1/sandbox', '/problems']) assert.ok(text.includes(`<${server.baseUrl}${link}>`), `${path} links ${link}`);
    }
    assert.equal((await fetch(`${server.baseUrl}/agents`, { headers: { accept: 'application/json' } })).status, 406);
  });

  it('generates a cacheable, sandboxed SVG placeholder per project image', async () => {
    const res = await fetch(`${server.baseUrl}/images/atlas-regional-trip-planner/2.svg`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/svg+xml');
    assert.equal(res.headers.get('cache-control'), 'public, max-age=86400');
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'.*sandbox/);
    const svg = await res.text();
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(svg.includes('Atlas Regional Trip Planner'));
    assert.ok(svg.includes('2 / 3'));
    const other = await (await fetch(`${server.baseUrl}/images/ledgerly-payments-dashboard/1.svg`)).text();
    assert.notEqual(/hsl\((\d+)/.exec(svg)![1], /hsl\((\d+)/.exec(other)![1], 'each project has its own colour');
  });

  it('escapes the project title inside the SVG', async () => {
    await server.store.projects.upsert(
      [{ slug: 'svg-probe', title: '</text><script>alert(1)</script>', summary: 's', description: '', client: null, industry: 'retail', services: [], technologies: [], tags: [], year: 2025, featured: false, url: null, images: [{ url: '/images/svg-probe/1.svg', alt: '<x>', width: 10, height: 10 }], published_at: '2025-01-01T00:00:00Z' }],
      server.clock.now(),
      () => newId(cryptoRandom, 'prj'),
    );
    server.vitrine.catalog.invalidate();
    const svg = await (await fetch(`${server.baseUrl}/images/svg-probe/1.svg`)).text();
    assert.ok(!svg.includes('<script'));
    assert.ok(svg.includes('&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;'));
  });

  it('404s for unknown projects, image numbers past the last image and other file names', async () => {
    for (const path of ['/images/no-such-project/1.svg', '/images/atlas-regional-trip-planner/4.svg', '/images/atlas-regional-trip-planner/0.svg', '/images/atlas-regional-trip-planner/1.png', '/images/warehouse-pick-and-pack-app/1.svg']) {
      const res = await fetch(`${server.baseUrl}${path}`);
      assert.equal(res.status, 404, path);
      await res.arrayBuffer();
    }
  });
});
