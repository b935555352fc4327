import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ProjectFields, ProjectRecord } from '../../src/model/project.js';
import { ProjectRowCache } from '../../src/store/kysely/project-row-cache.js';
import type { RevisedProject, Store } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

const row = (id: string, summary: string) => ({ id, summary }) as unknown as ProjectRecord;

describe('ProjectRowCache', () => {
  it('answers kept records for their version, reads the others, and starts over at a newer version', async () => {
    const cache = new ProjectRowCache();
    const reads: string[][] = [];
    const read = (summary: string) => async (ids: readonly string[]) => (reads.push([...ids]), ids.map((id) => row(id, summary)));
    assert.equal((await cache.recordsOf(['a', 'b'], 1, read('v1'))).get('a')?.summary, 'v1');
    assert.equal((await cache.recordsOf(['b', 'c'], 1, read('v1'))).get('c')?.summary, 'v1');
    assert.deepEqual(reads, [['a', 'b'], ['c']], 'b was kept');
    const newer = await cache.recordsOf(['a', 'b'], 2, read('v2'));
    assert.deepEqual([...newer.values()].map((r) => r.summary), ['v2', 'v2']);
    assert.deepEqual(reads.at(-1), ['a', 'b'], 'version 2 kept nothing of version 1');
  });

  it('keeps the few thousand records a search vocabulary comes back to, and is bounded', async () => {
    const cache = new ProjectRowCache();
    const summary = 'x'.repeat(1300); // about a project's text (description, summary, title)
    let reads = 0;
    const read = async (ids: readonly string[]) => ((reads += ids.length), ids.map((id) => row(id, summary)));
    const pages = async (ids: readonly string[]) => {
      for (let i = 0; i < ids.length; i += 20) await cache.recordsOf(ids.slice(i, i + 20), 1, read);
    };
    const touched = Array.from({ length: 3000 }, (_, i) => `prj_${i}`);
    await pages(touched);
    assert.equal(reads, 3000);
    await pages(touched);
    assert.equal(reads, 3000, 'pages of the same 3,000 projects read no row again');
    await pages(Array.from({ length: 20_000 }, (_, i) => `prj_other_${i}`));
    reads = 0;
    await pages(touched.slice(0, 20));
    assert.equal(reads, 20, '20,000 other projects later, the first ones were let go');
  });

  it('never keeps records read for an older version under a newer one', async () => {
    const cache = new ProjectRowCache();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A page confirmed at version 1 reads slowly; meanwhile a page at version 2 reads and keeps.
    const slow = cache.recordsOf(['a'], 1, async (ids) => (await gate, ids.map((id) => row(id, 'old'))));
    assert.equal((await cache.recordsOf(['a'], 2, async (ids) => ids.map((id) => row(id, 'new')))).get('a')?.summary, 'new');
    release();
    assert.equal((await slow).get('a')?.summary, 'old', 'the slow page answers what it read');
    const again = await cache.recordsOf(['a'], 2, async () => assert.fail('a kept row is not read again'));
    assert.equal(again.get('a')?.summary, 'new');
  });
});

const NOW = Date.parse('2026-06-01T12:00:00Z');
let n = 0;
const newId = () => `prj_rows${++n}`;
const fields = (slug: string, summary: string): ProjectFields => ({ slug, title: `Harbor ferry ${slug}`, summary, description: 'Harbor tickets.', client: null, industry: 'transport', services: [], technologies: [], tags: [], year: 2025, featured: false, url: null, images: [], published_at: '2026-05-01T00:00:00Z' });

/** How many ranked pages the in-memory index answered (the cached rows are only on that path). */
const answered = (store: Store) => (store.projects as unknown as { memory?: { answered: number } }).memory?.answered ?? 0;

await describeEachDialect('ranked pages show every edit at once, rows cached or not', (suite) => {
  const page = async () => {
    await suite.store.projects.warm?.();
    const before = answered(suite.store);
    const items = (await suite.store.projects.list({ q: 'harbor', sort: 'relevance', limit: 10 })).items;
    assert.equal(answered(suite.store), before + 1, 'the in-memory index answered');
    return Object.fromEntries(items.map((p) => [p.slug, p.summary]));
  };

  it('a saved summary and a removed project show on the next page', async () => {
    await suite.store.projects.upsert([fields('one', 'First.'), fields('two', 'Second.')], NOW, newId);
    assert.deepEqual(await page(), { one: 'First.', two: 'Second.' });
    assert.deepEqual(await page(), { one: 'First.', two: 'Second.' }, 'the same again (from kept rows)');
    const two = (await suite.store.projects.getAny('two')) as RevisedProject;
    await suite.store.projects.save(fields('two', 'Second, edited.'), two, NOW + 1, newId);
    assert.deepEqual(await page(), { one: 'First.', two: 'Second, edited.' });
    const one = (await suite.store.projects.getAny('one')) as RevisedProject;
    assert.equal(await suite.store.projects.remove('one', one), 'deleted');
    assert.deepEqual(await page(), { two: 'Second, edited.' });
  });
});
