import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ProjectFields } from '../../src/model/project.js';
import type { RevisedProject } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

const NOW = Date.parse('2026-06-01T12:00:00Z');
let n = 0;
const newId = () => `prj_edit${++n}`;
const fields = (slug: string, extra: Partial<ProjectFields> = {}): ProjectFields => ({
  slug,
  title: 'Tidewater ferry booking',
  summary: 'Tickets for ferries.',
  description: '',
  client: null,
  industry: 'transport',
  services: ['engineering'],
  technologies: ['typescript'],
  tags: ['booking'],
  year: 2025,
  featured: false,
  url: null,
  images: [],
  published_at: '2026-05-01T00:00:00Z',
  ...extra,
});

await describeEachDialect('project edits storage contract', (suite) => {
  let first: RevisedProject;

  it('save with expected null creates revision 1 and bumps the catalog version; a second create of the slug conflicts', async () => {
    const version = await suite.store.projects.version();
    const saved = await suite.store.projects.save(fields('tidewater'), null, NOW, newId);
    assert.notEqual(saved, 'conflict');
    first = saved as RevisedProject;
    assert.equal(first.revision, 1);
    assert.equal(await suite.store.projects.version(), version + 1);
    assert.equal(await suite.store.projects.save(fields('tidewater'), null, NOW, newId), 'conflict');
    assert.deepEqual(await suite.store.projects.getAny('tidewater'), first);
  });

  it('save with the current revision updates and moves it on; the old revision then conflicts (no lost update)', async () => {
    const second = await suite.store.projects.save(fields('tidewater', { title: 'Tidewater 2' }), first, NOW + 1000, newId);
    assert.notEqual(second, 'conflict');
    assert.equal((second as RevisedProject).revision, 2);
    assert.equal((second as RevisedProject).created_at, first.created_at);
    assert.equal(await suite.store.projects.save(fields('tidewater', { title: 'Lost' }), first, NOW + 2000, newId), 'conflict');
    assert.equal((await suite.store.projects.getAny('tidewater'))?.title, 'Tidewater 2');
  });

  it('getAny sees unpublished projects that the public reads do not', async () => {
    const draft = await suite.store.projects.save(fields('draft-one', { published_at: null }), null, NOW, newId);
    assert.notEqual(draft, 'conflict');
    assert.equal((await suite.store.projects.getAny('draft-one'))?.published_at, null);
    assert.equal(await suite.store.projects.getBySlug('draft-one'), undefined);
  });

  it('remove needs the current revision, and takes the project out of search and facets', async () => {
    const current = (await suite.store.projects.getAny('tidewater'))!;
    assert.equal(await suite.store.projects.remove('tidewater', { id: current.id, revision: current.revision - 1 }), 'conflict');
    const version = await suite.store.projects.version();
    assert.equal(await suite.store.projects.remove('tidewater', current), 'deleted');
    assert.equal(await suite.store.projects.version(), version + 1);
    assert.equal(await suite.store.projects.getAny('tidewater'), undefined);
    const found = await suite.store.projects.list({ q: 'Tidewater', sort: 'relevance', limit: 10 });
    assert.deepEqual(found.items, []);
    assert.equal((await suite.store.projects.facets()).industries.find((f) => f.value === 'transport'), undefined);
    // A new project under the old slug is a new resource: the old version cannot touch it.
    const again = (await suite.store.projects.save(fields('tidewater'), null, NOW, newId)) as RevisedProject;
    assert.equal(again.revision, 1);
    assert.notEqual(again.id, current.id);
    assert.equal(await suite.store.projects.remove('tidewater', { id: current.id, revision: 1 }), 'conflict');
  });

  it('upsert writes a given featured_rank and keeps the stored one when none is given; featuredRanks reads every rank back', async () => {
    const featured = (slug: string, published_at: string) => fields(slug, { featured: true, published_at });
    await suite.store.projects.upsert([featured('rank-old', '2026-01-01T00:00:00Z'), featured('rank-new', '2026-03-01T00:00:00Z')], NOW, newId);
    // Without ranks (0 each), newest first; a move renumbers them 1…n.
    const ranked = (await suite.store.projects.featuredOrder()).filter((s) => s.startsWith('rank-'));
    assert.deepEqual(ranked, ['rank-new', 'rank-old']);
    await suite.store.projects.moveFeatured('rank-old', 'up');
    const ranks = await suite.store.projects.featuredRanks();
    assert.ok(ranks.get('rank-old')! < ranks.get('rank-new')!, JSON.stringify([...ranks]));
    assert.equal(ranks.get('tidewater'), 0, 'a project that is not featured has its rank too');

    // An import without ranks leaves them; with ranks, writes them (insert and update alike).
    await suite.store.projects.upsert([featured('rank-old', '2026-01-01T00:00:00Z')], NOW, newId);
    assert.equal((await suite.store.projects.featuredRanks()).get('rank-old'), ranks.get('rank-old'));
    await suite.store.projects.upsert([{ ...featured('rank-old', '2026-01-01T00:00:00Z'), featured_rank: 40 }, { ...featured('rank-third', '2025-01-01T00:00:00Z'), featured_rank: 30 }], NOW, newId);
    const after = await suite.store.projects.featuredRanks();
    assert.deepEqual([after.get('rank-old'), after.get('rank-third')], [40, 30]);
    assert.deepEqual((await suite.store.projects.featuredOrder()).filter((s) => s.startsWith('rank-')), ['rank-new', 'rank-third', 'rank-old']);
  });
});
