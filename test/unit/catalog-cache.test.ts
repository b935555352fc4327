import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { pageBytes } from '../../src/catalog/presented-projects.js';
import { CatalogService } from '../../src/catalog/service.js';
import { ManualClock, cryptoRandom, newId } from '../../src/lib/clock.js';
import { StoreUnavailableError } from '../../src/lib/errors.js';
import type { ProjectStore, Store } from '../../src/store/ports/index.js';
import { createSqliteStore } from '../../src/store/sqlite/store.js';
import { manualTimer, stateOf } from '../helpers/manual-timer.js';
import { projectFields } from '../helpers/project-fields.js';

/** A kept answer's bytes as text. */
const text = (entry: { bytes: Uint8Array }) => Buffer.from(entry.bytes).toString('utf8');
const project = (title: string) => projectFields({ slug: 'only-project', title, summary: 'A project whose title changes while a read is in flight.' });

/** A real SQLite store holding one project titled `title`, for `test`; removed afterwards. */
async function withOneProject(title: string, test: (store: Store, clock: ManualClock) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-cache-'));
  const store = createSqliteStore(join(dir, 'db.sqlite'));
  try {
    await store.migrate();
    const clock = new ManualClock();
    await store.projects.upsert([project(title)], clock.now(), () => newId(cryptoRandom, 'prj'));
    await test(store, clock);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('CatalogService response cache', () => {
  it('never keeps an answer computed under a catalog version that changed while it was read', () =>
    withOneProject('Old title', async (store, clock) => {
      // The real store, with the first list() held at a gate so a write can land meanwhile.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let first = true;
      const gated: ProjectStore = Object.create(store.projects, {
        list: {
          value: async (query: Parameters<ProjectStore['list']>[0]) => {
            const page = await store.projects.list(query);
            if (first) {
              first = false;
              await gate;
            }
            return page;
          },
        },
      });
      const catalog = new CatalogService({ store: gated, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });

      const slow = catalog.list({ limit: 10 });
      await new Promise((resolve) => setImmediate(resolve));
      await store.projects.upsert([project('New title')], clock.now(), () => newId(cryptoRandom, 'prj'));
      assert.equal((await catalog.list({ limit: 10 })).value.data[0]?.title, 'New title');
      release();
      assert.equal((await slow).value.data[0]?.title, 'Old title', 'the slow read answers what it read');
      assert.equal((await catalog.list({ limit: 10 })).value.data[0]?.title, 'New title', 'and does not replace the newer cached answer');
    }));

  it('keeps no more JSON than its budget: a page pushed out is read from the store again', () =>
    withOneProject('A title', async (store, clock) => {
      let reads = 0;
      const counting: ProjectStore = Object.create(store.projects, { list: { value: (query: Parameters<ProjectStore['list']>[0]) => (reads++, store.projects.list(query)) } });
      const catalog = new CatalogService({ store: counting, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 60_000, cacheBytes: 1_100 });
      const one = await catalog.list({ limit: 1 });
      assert.ok(one.bytes.length > 400 && one.bytes.length <= 550, `a page of one project is ${one.bytes.length} bytes`);
      await catalog.list({ limit: 1 });
      assert.equal(reads, 1, 'a repeated read is a hit');
      await catalog.list({ limit: 2 });
      assert.equal(reads, 2);
      await catalog.list({ limit: 1 });
      assert.equal(reads, 2, 'two pages fit the budget');
      await catalog.list({ limit: 3 });
      await catalog.list({ limit: 1 });
      assert.equal(reads, 4, 'the third pushed the oldest out');
    }));
});


describe('CatalogService documents', () => {
  it('builds a document once per catalog version, for callers at once too, however large', () =>
    withOneProject('A title', async (store, clock) => {
      // An answer budget far below the document: documents are kept beside the answer cache.
      const catalog = new CatalogService({ store: store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 60_000, cacheBytes: 100 });
      let builds = 0;
      const build = async () => {
        builds += 1;
        await new Promise((resolve) => setImmediate(resolve));
        return `# Catalog, build ${builds}\n${'x'.repeat(10_000)}`;
      };
      const [a, b, c] = await Promise.all([catalog.document('llms.txt', build), catalog.document('llms.txt', build), catalog.document('llms.txt', build)]);
      assert.equal(builds, 1, 'three callers at once, one build');
      assert.ok(a === b && b === c);
      assert.equal(text(a), a.value, 'its bytes are its text\'s');
      assert.ok(a.value.startsWith('# Catalog, build 1'));
      assert.equal(await catalog.document('llms.txt', build), a, 'kept');
      assert.equal(builds, 1);
      assert.equal(catalog.documentsBuilt, 1);

      await store.projects.upsert([project('Another title')], clock.now(), () => newId(cryptoRandom, 'prj'));
      catalog.invalidate();
      const rebuilt = await catalog.document('llms.txt', build);
      assert.ok(rebuilt.value.startsWith('# Catalog, build 2'), 'a new catalog version, a new build');
      assert.notEqual(rebuilt.etag, a.etag);
    }));

  it('does not keep a build that failed', () =>
    withOneProject('A title', async (store, clock) => {
      const catalog = new CatalogService({ store: store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 60_000 });
      await assert.rejects(catalog.document('sitemap.xml', async () => Promise.reject(new Error('the store went away'))));
      assert.equal(text(await catalog.document('sitemap.xml', async () => '<urlset/>')), '<urlset/>');
    }));
});

describe('CatalogService presentations', () => {
  it('a page\'s bytes are exactly the UTF-8 of JSON.stringify of the page, however its projects\' JSON was put together', () => {
    const presented = (api: object) => ({ api: api as never, bytes: new Uint8Array(Buffer.from(JSON.stringify(api))) });
    const a = presented({ id: 'a', title: 'Quote " and \u2028, café — 東京 🚀' });
    const b = presented({ id: 'b', images: [], summary: null });
    for (const [projects, cursor] of [[[], null], [[a], null], [[a, b], 'eyJvIjoyfQ'], [[b, a, b], 'c"ursör']] as const) {
      assert.deepEqual(Buffer.from(pageBytes(projects, cursor)), Buffer.from(JSON.stringify({ data: projects.map((p) => p.api), next_cursor: cursor })));
    }
  });

  it('presents a project its store keeps once for every page that shows it, and an edited one anew', () =>
    withOneProject('Old title', async (store, clock) => {
      await store.projects.warm?.();
      const catalog = new CatalogService({ store: store.projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 0 });
      const first = await catalog.list({ q: 'project', limit: 10 });
      const second = await catalog.list({ q: 'title changes', limit: 5 });
      assert.equal(first.value.data.length, 1);
      assert.equal(second.value.data[0], first.value.data[0], 'the same presentation on two pages');
      assert.equal(text(await catalog.get('only-project')), JSON.stringify(first.value.data[0]));
      for (const page of [first, second]) assert.equal(text(page), JSON.stringify(page.value));

      await store.projects.upsert([project('New title')], clock.now(), () => newId(cryptoRandom, 'prj'));
      await store.projects.warm?.();
      const edited = await catalog.list({ q: 'project', limit: 10 });
      assert.equal(edited.value.data[0]?.title, 'New title');
      assert.notEqual(edited.etag, first.etag);
      assert.equal(text(edited), JSON.stringify(edited.value));
    }));
});

describe('CatalogService when the database does not answer', { timeout: 10_000 }, () => {
  /** The real store, whose version() hangs (never answers) while `hung.on`, counting the reads. */
  function hangable(store: Store) {
    const hung = { on: false, reads: 0, release: [] as (() => void)[] };
    const projects: ProjectStore = Object.create(store.projects, {
      version: {
        value: () => {
          hung.reads += 1;
          const read = store.projects.version();
          return hung.on ? new Promise<number>((resolve) => hung.release.push(() => resolve(read))) : read;
        },
      },
    });
    return { projects, hung };
  }

  it('answers from the cache once the version read has waited its bound, and no read asks again while that one is outstanding', () =>
    withOneProject('A title', async (store, clock) => {
      const { projects, hung } = hangable(store);
      const timer = manualTimer();
      const catalog = new CatalogService({ store: projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 1000, versionWaitMs: 1000, timer: timer.start });
      const cached = await catalog.list({ limit: 10 });
      hung.on = true;
      clock.advance(1001);
      assert.equal(catalog.isCurrent(cached), false, 'past the check interval the fast lanes ask the service');

      const waiting = [catalog.list({ limit: 10 }), catalog.get('only-project').then(() => catalog.list({ limit: 10 }))];
      assert.equal(await stateOf(waiting[0]!), 'pending', 'within the bound a read waits for the version');
      assert.equal(hung.reads, 2, 'one read of the version for both requests');
      timer.fireAll();
      for (const answer of await Promise.all(waiting)) assert.equal(answer, cached, 'the cached answer (stale-if-error)');
      assert.equal(catalog.isCurrent(cached), true, 'trusted for another interval from the moment it gave up: the lanes answer without waiting');

      clock.advance(1001);
      const later = catalog.list({ limit: 10 });
      assert.equal(await stateOf(later), 'resolved', 'the version read still outstanding: a later read does not wait for it');
      assert.equal(await later, cached);
      assert.equal(hung.reads, 2, 'nor asks a second one beside it');

      // The database answers again: the abandoned read ends, and the next read past the interval asks anew.
      hung.on = false;
      for (const release of hung.release) release();
      await stateOf(later);
      clock.advance(1001);
      await store.projects.upsert([project('A new title')], clock.now(), () => newId(cryptoRandom, 'prj'));
      assert.equal((await catalog.list({ limit: 10 })).value.data[0]?.title, 'A new title', 'and sees a change made meanwhile');
      assert.equal(hung.reads, 3);
    }));

  it('answers 503 (a StoreUnavailableError) after the bound when it has nothing cached', () =>
    withOneProject('A title', async (store, clock) => {
      const { projects, hung } = hangable(store);
      hung.on = true;
      const timer = manualTimer();
      const catalog = new CatalogService({ store: projects, clock, baseUrl: 'http://x', apiPrefix: '/api/v1/projects', htmlPrefix: '/projects', versionCheckMs: 1000, timer: timer.start });
      const read = catalog.list({ limit: 10 });
      assert.equal(await stateOf(read), 'pending');
      timer.fireAll();
      await assert.rejects(read, StoreUnavailableError);
      for (const release of hung.release) release();
    }));
});
