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
});
