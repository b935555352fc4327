import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// Past 5,000 published projects: where the documents and the form read a bounded list of whole
// projects (pages/all-projects.ts), nothing a visitor or crawler asked for may be left out.
describe('a catalog of more than 5,000 published projects', () => {
  let server: TestServer;
  const projects = generateCatalog(5_400, 11);
  const published = projects.filter((p) => p.published_at !== null);
  // The last by title: past the form's and llms.txt's 5,000 (ASCII titles sort alike in SQLite and JS).
  const last = [...published].sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1)).at(-1)!;

  before(async () => {
    server = await startTestServer({ demo: false, contract: false });
    let n = 0;
    await server.store.projects.upsert(projects, server.clock.now(), () => `prj_big${String(++n).padStart(5, '0')}`);
    assert.ok(published.length > 5_000, `${published.length} published`);
  });
  after(() => server.close());

  it('/sitemap.xml names every published page', async () => {
    const xml = await (await fetch(`${server.baseUrl}/sitemap.xml`)).text();
    const locs = new Set([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]));
    assert.equal(locs.size, published.length + 1);
    assert.ok(locs.has(`${server.baseUrl}/projects/${last.slug}`));
  });

  it('/llms.txt lists the first 5,000 by title and says where the rest are', async () => {
    const text = await (await fetch(`${server.baseUrl}/llms.txt`)).text();
    assert.equal((text.match(/^- \[.+\]\(.+\/projects\/[^)]+\.md\): /gm) ?? []).length, 5_000);
    assert.match(text, /^- \[More projects\]\(.+\/api\/v1\/projects\?sort=title\): the catalog publishes more than the 5000 listed here/m);
    assert.ok(!text.includes(`/projects/${last.slug}.md)`));
  });

  it('the form offers and sends the project a visitor came from, even past the first 5,000', async () => {
    const res = await fetch(`${server.baseUrl}/inquire?project=${last.slug}`);
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, new RegExp(`<option value="${last.slug}" selected="">`));
    const token = /name="form_token" value="([^"]+)"/.exec(html)![1]!;
    const sent = await fetch(`${server.baseUrl}/inquire`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: new URLSearchParams({ name: 'Ada', email: 'ada@example.com', project_slugs: last.slug, message: 'Something like this, please.', form_token: token }).toString(),
    });
    assert.equal(sent.status, 303);
    const ref = new URL(sent.headers.get('location')!, server.baseUrl).searchParams.get('ref')!;
    assert.deepEqual((await server.store.inquiries.get(ref))?.project_slugs, [last.slug]);
  });
});
