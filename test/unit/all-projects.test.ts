import assert from 'node:assert/strict';
import { it } from 'node:test';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import { CatalogService } from '../../src/catalog/service.js';
import { ManualClock } from '../../src/lib/clock.js';
import { allProjects } from '../../src/pages/all-projects.js';
import { turnsDuring } from '../helpers/loop-turns.js';
import { openStore } from '../helpers/open-store.js';

// /sitemap.xml and /llms-full.txt read the whole catalog a page at a time; on SQLite every page
// is answered synchronously, so without a turn of the event loop between pages no other request
// would be served until the last one.

it('reads every published project a page at a time, letting the event loop turn between pages', async () => {
  const opened = await openStore('sqlite');
  const store = opened.store;
  try {
    await store.migrate();
    const clock = new ManualClock();
    let n = 0;
    const projects = generateCatalog(250, 5);
    await store.projects.upsert(projects, clock.now(), () => `prj_all${String(++n).padStart(4, '0')}`);
    const catalog = new CatalogService({ store: store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });

    const { value: all, turns } = await turnsDuring(() => allProjects(catalog));

    const published = projects.filter((p) => p.published_at !== null).length;
    assert.equal(all.length, published);
    assert.equal(new Set(all.map((p) => p.slug)).size, published, 'every project once');
    assert.ok(turns >= 2, `the event loop turned ${turns} time(s) over three pages`);
  } finally {
    await opened.drop();
  }
});
