import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OpenAPIHono } from '@hono/zod-openapi';
import pino from 'pino';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import { CatalogService } from '../../src/catalog/service.js';
import type { AppEnv } from '../../src/http/env.js';
import { errorHandler, failureReporter } from '../../src/http/responses/errors.js';
import { registerAgentSurfaces } from '../../src/http/routes/agent-surfaces.js';
import { DEFAULT_CONTENT_SIGNALS } from '../../src/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { DEFAULT_PROFILE } from '../../src/studio/defaults.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';

// sitemaps.org: a sitemap names at most 50,000 URLs; past that, /sitemap.xml is a sitemap index.
// The route takes a smaller limit here, so the index shows on 60 projects, not 50,000.
describe('sitemaps past the protocol limit', () => {
  let opened: OpenedStore;
  let app: OpenAPIHono<AppEnv>;
  let catalog: CatalogService;
  const projects = generateCatalog(60, 7);
  const published = projects.filter((p) => p.published_at !== null);
  const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

  before(async () => {
    opened = await openStore('sqlite');
    await opened.store.migrate();
    const clock = new ManualClock();
    let n = 0;
    await opened.store.projects.upsert(projects, clock.now(), () => `prj_map${String(++n).padStart(4, '0')}`);
    catalog = new CatalogService({ store: opened.store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });
    app = new OpenAPIHono<AppEnv>();
    app.onError(errorHandler(failureReporter(pino({ level: 'silent' }), Date.now)));
    registerAgentSurfaces(app, { catalog, publicUrl: 'http://x', studio: async () => DEFAULT_PROFILE, contentSignals: DEFAULT_CONTENT_SIGNALS, sitemapMaxUrls: 20 });
  });
  after(() => opened.drop());

  it('/sitemap.xml indexes sitemaps of at most the limit, which together name every page once', async () => {
    const res = await app.request('/sitemap.xml');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/xml; charset=utf-8');
    const index = await res.text();
    assert.match(index, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
    const parts = locsOf(index);
    const expected = Math.ceil((published.length + 1) / 20);
    assert.deepEqual(parts, Array.from({ length: expected }, (_, i) => `http://x/sitemaps/${i + 1}.xml`));
    assert.equal((index.match(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/g) ?? []).length, expected);

    const named: string[] = [];
    for (const part of parts) {
      const sub = await app.request(part.slice('http://x'.length));
      assert.equal(sub.status, 200, part);
      assert.ok(sub.headers.get('etag'), 'each sitemap has a validator');
      const xml = await sub.text();
      assert.match(xml, /<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
      const locs = locsOf(xml);
      assert.ok(locs.length >= 1 && locs.length <= 20, `${part} names ${locs.length}`);
      named.push(...locs);
    }
    assert.deepEqual(named.sort(), ['http://x/', ...published.map((p) => `http://x/projects/${p.slug}`)].sort());
  });

  it('answers 404 for a sitemap past the last, or a name that is not one', async () => {
    const count = locsOf(await (await app.request('/sitemap.xml')).text()).length;
    for (const path of [`/sitemaps/${count + 1}.xml`, '/sitemaps/0.xml', '/sitemaps/01.xml', '/sitemaps/1.json', '/sitemaps/x.xml']) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  });

  it('is one sitemap, not an index, while every page fits in one', async () => {
    // A catalog service of its own: documents are kept per service, and the first one kept the index.
    const own = new CatalogService({ store: opened.store.projects, clock: new ManualClock(), baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });
    const small = new OpenAPIHono<AppEnv>();
    small.onError(errorHandler(failureReporter(pino({ level: 'silent' }), Date.now)));
    registerAgentSurfaces(small, { catalog: own, publicUrl: 'http://x', studio: async () => DEFAULT_PROFILE, contentSignals: DEFAULT_CONTENT_SIGNALS, sitemapMaxUrls: published.length + 1 });
    const xml = await (await small.request('/sitemap.xml')).text();
    assert.match(xml, /<urlset /);
    assert.equal(locsOf(xml).length, published.length + 1);
    assert.equal((await small.request('/sitemaps/1.xml')).status, 404);
  });
});
