import assert from 'node:assert/strict';
import { it } from 'node:test';
import { generateCatalog } from '../../bench/lib/catalog-fixture.js';
import type { ProjectFields } from '../../src/model/project.js';
import { CatalogService } from '../../src/catalog/service.js';
import { ManualClock } from '../../src/lib/clock.js';
import { allPageRefs, allProjects } from '../../src/pages/all-projects.js';
import { turnsDuring } from '../helpers/loop-turns.js';
import { openStore } from '../helpers/open-store.js';

// /sitemap.xml, /llms.txt and /llms-full.txt read the whole catalog a step at a time; on SQLite
// every step is answered synchronously, so without a turn of the event loop between steps no
// other request would be served until the last one.

/** A catalog service over a real SQLite file holding 250 generated projects. */
async function withCatalog(test: (catalog: CatalogService, projects: ProjectFields[]) => Promise<void>): Promise<void> {
  const opened = await openStore('sqlite');
  try {
    await opened.store.migrate();
    const clock = new ManualClock();
    let n = 0;
    const projects = generateCatalog(250, 5);
    await opened.store.projects.upsert(projects, clock.now(), () => `prj_all${String(++n).padStart(4, '0')}`);
    await test(new CatalogService({ store: opened.store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 }), projects);
  } finally {
    await opened.drop();
  }
}

it('reads every published project a page at a time, letting the event loop turn between pages', () =>
  withCatalog(async (catalog, projects) => {
    const { value: some, turns } = await turnsDuring(() => allProjects(catalog));
    const all = some.projects;
    const published = projects.filter((p) => p.published_at !== null).length;
    assert.equal(all.length, published);
    assert.equal(new Set(all.map((p) => p.slug)).size, published, 'every project once');
    assert.ok(turns >= 2, `the event loop turned ${turns} time(s) over three pages`);
  }));

it('stops at its bound and says there is more', () =>
  withCatalog(async (catalog) => {
    const bounded = await allProjects(catalog, 2);
    assert.equal(bounded.projects.length, 200);
    assert.equal(bounded.more, true);
    assert.equal((await allProjects(catalog)).more, false);
  }));

it('walks every published page however many, a step at a time, letting the event loop turn', () =>
  withCatalog(async (catalog, projects) => {
    const { value: refs, turns } = await turnsDuring(() => allPageRefs(catalog, 40));
    const published = projects.filter((p) => p.published_at !== null);
    assert.ok(published.length > 200, 'more than five steps');
    assert.deepEqual(refs.map((r) => r.url).sort(), published.map((p) => `http://x/projects/${p.slug}`).sort());
    for (const ref of refs) assert.match(ref.updated_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.ok(turns >= 5, `the event loop turned ${turns} time(s) over ${Math.ceil(published.length / 40)} steps`);
  }));
