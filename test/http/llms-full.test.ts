import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { cryptoRandom, newId } from '../../src/lib/clock.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('/llms-full.txt: the whole published catalog in Markdown', () => {
  let server: TestServer;
  before(async () => {
    // Every read checks the catalog version, so a change is seen at once.
    server = await startTestServer({ env: { CATALOG_VERSION_CHECK_MS: '0' } });
  });
  after(() => server.close());

  it('holds llms.txt and every published project\'s Markdown mirror, nothing unpublished', async () => {
    const res = await fetch(`${server.baseUrl}/llms-full.txt`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    const text = await res.text();
    assert.match(text, /^# .+ portfolio catalog\n\n> /);
    const slugs: string[] = [];
    for (let url: string | null = `${server.baseUrl}/api/v1/projects?limit=100`; url; ) {
      const page = (await (await fetch(url)).json()) as { data: { slug: string; title: string }[]; next_cursor: string | null };
      slugs.push(...page.data.map((p) => p.slug));
      for (const p of page.data) assert.match(text, new RegExp(`^## ${p.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'), p.slug);
      url = page.next_cursor ? `${server.baseUrl}/api/v1/projects?limit=100&cursor=${page.next_cursor}` : null;
    }
    assert.ok(slugs.length > 20);
    for (const slug of slugs) assert.ok(text.includes(`/api/v1/projects/${slug}>`), `${slug}'s JSON link`);
    assert.ok(!text.includes('warehouse-pick-and-pack-app'), 'unpublished projects stay out');
  });

  it('is served from cache until the catalog version changes, then rebuilt', async () => {
    const first = await fetch(`${server.baseUrl}/llms-full.txt`);
    const etag = first.headers.get('etag')!;
    const bytes = Buffer.from(await first.arrayBuffer());
    const built = server.vitrine.catalog.documentsBuilt;
    assert.equal((await fetch(`${server.baseUrl}/llms-full.txt`, { headers: { 'if-none-match': etag } })).status, 304);
    // Its plain form's length (fetch asks for gzip otherwise, and decodes it).
    const again = await fetch(`${server.baseUrl}/llms-full.txt`, { headers: { 'accept-encoding': 'identity' } });
    assert.ok(Buffer.from(await again.arrayBuffer()).equals(bytes));
    assert.equal(again.headers.get('content-length'), String(bytes.length));
    assert.equal(server.vitrine.catalog.documentsBuilt, built, 'not built again while the catalog is unchanged');

    const record = (await server.store.projects.getBySlug('atlas-regional-trip-planner'))!;
    await server.store.projects.upsert([{ ...record, title: 'Atlas Trip Planner, renamed' }], server.clock.now(), () => newId(cryptoRandom, 'prj'));
    const changed = await fetch(`${server.baseUrl}/llms-full.txt`, { headers: { 'if-none-match': etag } });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.get('etag'), etag);
    assert.match(await changed.text(), /^## Atlas Trip Planner, renamed$/m);
  });

  it('/llms.txt and /sitemap.xml are built once per catalog version too', async () => {
    for (const path of ['/llms.txt', '/sitemap.xml']) {
      const first = await fetch(`${server.baseUrl}${path}`);
      const text = await first.text();
      const built = server.vitrine.catalog.documentsBuilt;
      for (let i = 0; i < 3; i++) assert.equal(await (await fetch(`${server.baseUrl}${path}`)).text(), text, path);
      assert.equal(server.vitrine.catalog.documentsBuilt, built, `${path}: not built again`);
      const record = (await server.store.projects.getBySlug('atlas-regional-trip-planner'))!;
      await server.store.projects.upsert([{ ...record, title: `Atlas, renamed for ${path}` }], server.clock.now(), () => newId(cryptoRandom, 'prj'));
      const changed = await fetch(`${server.baseUrl}${path}`);
      // A title is in llms.txt; the sitemap, built again all the same, names only URLs and dates.
      if (path === '/llms.txt') assert.notEqual(changed.headers.get('etag'), first.headers.get('etag'), path);
      assert.equal(server.vitrine.catalog.documentsBuilt, built + 1, `${path}: built again for the new version`);
      await changed.arrayBuffer();
    }
  });

  it('is linked from /llms.txt', async () => {
    const text = await (await fetch(`${server.baseUrl}/llms.txt`)).text();
    assert.ok(text.includes(`(${server.baseUrl}/llms-full.txt)`));
  });
});
