import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readCatalogFile } from '../../src/catalog/catalog-file.js';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import type { ProjectFields as ProjectInput } from '../../src/model/project.js';
import { IdempotencyClaimLostError, type InquiryRecord, type Provenance, type ProjectQuery, type ProjectSort, type Store, type Stores } from '../../src/store/ports/index.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

/**
 * One storage contract, run against both adapters: whatever SQLite answers, PostgreSQL answers
 * too. Expected values come from the demo catalog file itself (an oracle in plain JS).
 */

const NOW = Date.parse('2026-06-01T12:00:00Z');
const demo = readCatalogFile(DEMO_CATALOG_PATH);
const published = demo.filter((p) => p.published_at !== null);
const unpublished = demo.filter((p) => p.published_at === null);

function sequentialIds(prefix = 'prj_'): () => string {
  let n = 0;
  return () => `${prefix}${String(++n).padStart(6, '0')}`;
}

/** Follows next positions to the end; fails on a loop instead of hanging. */
async function listAll(store: Store, query: Omit<ProjectQuery, 'limit' | 'after'>, limit: number): Promise<string[]> {
  const slugs: string[] = [];
  let after: ProjectQuery['after'];
  for (let pages = 0; pages < 200; pages += 1) {
    const page = await store.projects.list({ ...query, limit, after });
    assert.ok(page.items.length <= limit);
    slugs.push(...page.items.map((p) => p.slug));
    if (!page.next) return slugs;
    assert.ok(page.items.length === limit, 'a page with a next position is full');
    after = page.next;
  }
  throw new Error('paging did not end');
}

function sortedSlugs(sort: Exclude<ProjectSort, 'relevance'>, projects: ProjectInput[], ids: Map<string, string>): string[] {
  const key = (p: ProjectInput): string | number => (sort === 'title' ? p.title.toLowerCase() : sort === '-year' ? p.year : p.published_at!);
  const dir = sort === 'title' ? 1 : -1;
  return [...projects]
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return (ka < kb ? -1 : 1) * dir;
      return (ids.get(a.slug)! < ids.get(b.slug)! ? -1 : 1) * dir;
    })
    .map((p) => p.slug);
}

function counts(values: (string | number)[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of values) out.set(String(v), (out.get(String(v)) ?? 0) + 1);
  return out;
}

function inquiry(id: string, createdAt: string): InquiryRecord & Provenance {
  return {
    credential: null,
    identity_type: null,
    subject: null,
    id,
    name: 'Ada',
    email: 'ada@example.com',
    company: null,
    message: 'We would like a booking system like yours.',
    project_slugs: ['harbor-family-clinics-booking'],
    budget: null,
    timeline: 'Q3',
    source: 'api',
    client_id: null,
    created_at: createdAt,
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;

  describe(`storage contract (${dialect})`, { skip }, () => {
    let opened: OpenedStore;
    let store: Store;
    const ids = new Map<string, string>();

    before(async () => {
      opened = await openStore(dialect);
      store = opened.store;
      const applied = await store.migrate();
      assert.ok(applied.length > 0);
      const result = await store.projects.upsert(demo, NOW, sequentialIds());
      assert.deepEqual(result, { inserted: demo.length, updated: 0 });
      for (const p of await store.projects.exportAll()) ids.set(p.slug, p.id);
    });
    after(async () => opened?.drop());

    describe('migrations', () => {
      it('applies nothing on a second migrate (idempotent)', async () => {
        assert.deepEqual(await store.migrate(), []);
      });
      it('answers ping', async () => {
        await store.ping();
      });
    });

    describe('catalog reads', () => {
      it('count and exportAll include unpublished projects, exportAll ordered by slug', async () => {
        assert.equal(await store.projects.count(), demo.length);
        const all = await store.projects.exportAll();
        assert.deepEqual(
          all.map((p) => p.slug),
          demo.map((p) => p.slug).sort(),
        );
        assert.ok(all.some((p) => p.published_at === null));
        const listed = await store.projects.listAny();
        assert.deepEqual(listed.map((p) => p.slug), all.map((p) => p.slug), 'listAny: the same projects in the same order');
        for (const p of listed.slice(0, 3)) assert.deepEqual(p, await store.projects.getAny(p.slug), `${p.slug} with its revision, as getAny reads it`);
      });

      it('round-trips every field of a record', async () => {
        const atlas = await store.projects.getBySlug('atlas-regional-trip-planner');
        const input = demo.find((p) => p.slug === 'atlas-regional-trip-planner')!;
        assert.ok(atlas);
        assert.equal(atlas.title, input.title);
        assert.equal(atlas.description, input.description);
        assert.deepEqual(atlas.images, input.images);
        assert.deepEqual(atlas.tags, input.tags);
        assert.deepEqual(atlas.services, input.services);
        assert.deepEqual(atlas.technologies, input.technologies);
        assert.equal(atlas.year, input.year);
        assert.equal(atlas.featured, true);
        assert.equal(atlas.client, input.client);
        assert.equal(atlas.url, input.url);
        assert.equal(atlas.published_at, input.published_at);
        assert.equal(atlas.created_at, '2026-06-01T12:00:00Z');
        assert.match(atlas.id, /^prj_/);
      });

      it('never shows unpublished projects through list, getBySlug, existingSlugs or facets', async () => {
        assert.ok(unpublished.length > 0, 'the demo catalog has unpublished projects');
        const listed = await listAll(store, { sort: '-published_at' }, 100);
        assert.equal(listed.length, published.length);
        for (const p of unpublished) {
          assert.ok(!listed.includes(p.slug));
          assert.equal(await store.projects.getBySlug(p.slug), undefined);
          assert.deepEqual([...(await store.projects.existingSlugs([p.slug]))], []);
          const searched = await store.projects.list({ q: p.title, sort: 'relevance', limit: 100 });
          assert.ok(!searched.items.some((i) => i.slug === p.slug), `search hides ${p.slug}`);
        }
        const facets = await store.projects.facets();
        const onlyUnpublished = unpublished.flatMap((p) => p.tags).filter((t) => !published.some((q) => q.tags.includes(t)));
        assert.ok(onlyUnpublished.length > 0);
        for (const tag of onlyUnpublished) assert.ok(!facets.tags.some((f) => f.value === tag), `facet ${tag} hidden`);
      });

      it('existingSlugs names exactly the published slugs asked for', async () => {
        const found = await store.projects.existingSlugs(['atlas-regional-trip-planner', unpublished[0]!.slug, 'no-such-project']);
        assert.deepEqual([...found], ['atlas-regional-trip-planner']);
        assert.deepEqual([...(await store.projects.existingSlugs([]))], []);
      });

      it('pageRefs walks every published page by slug, a step at a time, and no unpublished one', async () => {
        const walked: { slug: string; updated_at: string }[] = [];
        let afterSlug: string | undefined;
        for (let steps = 0; steps < 100; steps += 1) {
          const step = await store.projects.pageRefs(afterSlug, 3);
          assert.ok(step.length <= 3);
          walked.push(...step);
          if (step.length < 3) break;
          afterSlug = step.at(-1)!.slug;
        }
        // In the dialect's own order of slugs (its collation): each once, all of them.
        assert.deepEqual(walked.map((r) => r.slug).sort(), published.map((p) => p.slug).sort());
        const atlas = await store.projects.getBySlug('atlas-regional-trip-planner');
        assert.deepEqual(walked.find((r) => r.slug === 'atlas-regional-trip-planner'), { slug: 'atlas-regional-trip-planner', updated_at: atlas!.updated_at });
      });

      const filters: [string, Partial<ProjectQuery>, (p: ProjectInput) => boolean][] = [
        ['tag', { tag: 'accessibility' }, (p) => p.tags.includes('accessibility')],
        ['industry', { industry: 'healthcare' }, (p) => p.industry === 'healthcare'],
        ['service', { service: 'mobile-development' }, (p) => p.services.includes('mobile-development')],
        ['technology', { technology: 'next.js' }, (p) => p.technologies.includes('next.js')],
        ['year', { year: 2022 }, (p) => p.year === 2022],
        ['featured=true', { featured: true }, (p) => p.featured],
        ['featured=false', { featured: false }, (p) => !p.featured],
        ['tag+industry', { tag: 'mobile', industry: 'education' }, (p) => p.tags.includes('mobile') && p.industry === 'education'],
        ['q+technology', { q: 'app', technology: 'kotlin' }, (p) => p.technologies.includes('kotlin')],
        ['unknown value', { tag: 'no-such-tag' }, () => false],
      ];
      for (const [name, filter, predicate] of filters) {
        it(`filters by ${name}`, async () => {
          const sort: ProjectSort = filter.q ? 'relevance' : '-published_at';
          const got = (await store.projects.list({ ...filter, sort, limit: 100 })).items.map((p) => p.slug).sort();
          const expected = published.filter(predicate).map((p) => p.slug).sort();
          if (filter.q) {
            // Search narrows the filter: a subset of the filtered projects, all mentioning the word.
            for (const slug of got) assert.ok(expected.includes(slug), `${slug} passes the filter`);
          } else {
            assert.deepEqual(got, expected);
          }
          if (name !== 'unknown value') assert.ok(got.length > 0, 'the case is not vacuous');
        });
      }

      for (const sort of ['-published_at', 'title', '-year'] as const) {
        for (const limit of [1, 7, 100]) {
          it(`pages the whole catalog by ${sort} (limit ${limit}) in order without duplicates or gaps`, async () => {
            const got = await listAll(store, { sort }, limit);
            assert.deepEqual(got, sortedSlugs(sort, published, ids));
          });
        }
        it(`pages a filtered query by ${sort} without duplicates or gaps`, async () => {
          const got = await listAll(store, { sort, technology: 'postgresql' }, 4);
          assert.deepEqual(got, sortedSlugs(sort, published.filter((p) => p.technologies.includes('postgresql')), ids));
        });
      }

      it('pages relevance results without duplicates or gaps', async () => {
        const whole = (await store.projects.list({ q: 'app', sort: 'relevance', limit: 100 })).items.map((p) => p.slug);
        assert.ok(whole.length > 5);
        assert.deepEqual(await listAll(store, { q: 'app', sort: 'relevance' }, 3), whole);
      });

      it('ranks a title match above a description match ("atlas")', async () => {
        const page = await store.projects.list({ q: 'atlas', sort: 'relevance', limit: 10 });
        const slugs = page.items.map((p) => p.slug);
        assert.equal(slugs[0], 'atlas-regional-trip-planner');
        assert.ok(slugs.includes('maritime-museum-online-collection'), 'the description mention is found too');
      });

      it('matches every word of a multi-word query', async () => {
        const slugs = (await store.projects.list({ q: 'museum audio', sort: 'relevance', limit: 10 })).items.map((p) => p.slug);
        assert.equal(slugs[0], 'kestrel-museum-audio-guide');
        for (const slug of slugs) {
          const p = published.find((x) => x.slug === slug)!;
          const text = JSON.stringify(p).toLowerCase();
          assert.ok(text.includes('museum') && text.includes('audio'), `${slug} has both words`);
        }
      });

      it('matches word prefixes ("atl", "telehe")', async () => {
        assert.ok((await store.projects.list({ q: 'atl', sort: 'relevance', limit: 10 })).items.some((p) => p.slug === 'atlas-regional-trip-planner'));
        assert.equal((await store.projects.list({ q: 'telehe', sort: 'relevance', limit: 10 })).items[0]?.slug, 'telehealth-companion-app');
      });

      it('is case- and accent-insensitive', async () => {
        const lower = (await store.projects.list({ q: 'ledgerly', sort: 'relevance', limit: 10 })).items.map((p) => p.slug);
        assert.deepEqual((await store.projects.list({ q: 'LEDGERLY', sort: 'relevance', limit: 10 })).items.map((p) => p.slug), lower);
        assert.ok(lower.includes('ledgerly-payments-dashboard'));
      });

      for (const q of ['++', '#', '"', "'; DROP TABLE projects; --", 'NEAR(', 'a*b OR', '%', '_', '\\']) {
        it(`answers the odd query ${JSON.stringify(q)} without an error`, async () => {
          const page = await store.projects.list({ q, sort: 'relevance', limit: 100 });
          assert.ok(Array.isArray(page.items));
          for (const p of page.items) assert.ok(p.published_at !== null);
        });
      }

      it('matches a query made only of stop words ("the", "about") instead of finding nothing', async () => {
        for (const q of ['the', 'about']) {
          const expected = published.filter((p) => new RegExp(`\\b${q}`, 'i').test(`${p.title} ${p.summary} ${p.description}`)).length;
          assert.ok(expected > 0, `the demo catalog mentions "${q}"`);
          const page = await store.projects.list({ q, sort: 'relevance', limit: 100 });
          assert.ok(page.items.length > 0, `"${q}" finds projects`);
        }
      });

      it('treats % and _ in a fallback query literally', async () => {
        const withPercent = published.filter((p) => `${p.title} ${p.summary}`.includes('%')).map((p) => p.slug).sort();
        assert.ok(withPercent.length > 0);
        assert.deepEqual((await store.projects.list({ q: '%', sort: 'relevance', limit: 100 })).items.map((p) => p.slug).sort(), withPercent);
        assert.deepEqual((await store.projects.list({ q: '_', sort: 'relevance', limit: 100 })).items, []);
      });

      it('counts facets over published projects only', async () => {
        const facets = await store.projects.facets();
        const expectCounts = (values: (string | number)[]) => counts(values);
        const asMap = (list: { value: string; count: number }[]) => new Map(list.map((f) => [f.value, f.count]));
        assert.deepEqual(asMap(facets.tags), expectCounts(published.flatMap((p) => p.tags)));
        assert.deepEqual(asMap(facets.industries), expectCounts(published.map((p) => p.industry)));
        assert.deepEqual(asMap(facets.services), expectCounts(published.flatMap((p) => p.services)));
        assert.deepEqual(asMap(facets.technologies), expectCounts(published.flatMap((p) => p.technologies)));
        assert.deepEqual(asMap(facets.years), expectCounts(published.map((p) => p.year)));
        // Most frequent first, then by value; years newest first.
        for (const list of [facets.tags, facets.industries, facets.services, facets.technologies]) {
          for (let i = 1; i < list.length; i += 1) {
            const [a, b] = [list[i - 1]!, list[i]!];
            assert.ok(a.count > b.count || (a.count === b.count && a.value < b.value), `${a.value} before ${b.value}`);
          }
        }
        assert.deepEqual(
          facets.years.map((y) => y.value),
          [...new Set(published.map((p) => p.year))].sort((a, b) => b - a).map(String),
        );
      });
    });

    describe('catalog writes', () => {
      const probe: ProjectInput = {
        slug: 'contract-probe',
        title: 'Zephyrine Probe Console',
        summary: 'A probe project for the storage contract.',
        description: 'Built with c++ and care.',
        client: null,
        industry: 'research',
        services: ['devops'],
        technologies: ['c++', 'c#'],
        tags: ['probe-tag'],
        year: 2026,
        featured: false,
        url: null,
        images: [],
        published_at: '2026-05-01T10:00:00+02:00',
      };

      it('inserts a new slug, bumps the version and normalizes timestamps to UTC', async () => {
        const before = await store.projects.version();
        assert.deepEqual(await store.projects.upsert([probe], NOW, () => 'prj_probe'), { inserted: 1, updated: 0 });
        assert.equal(await store.projects.version(), before + 1);
        const got = await store.projects.getBySlug('contract-probe');
        assert.equal(got?.id, 'prj_probe');
        assert.equal(got?.published_at, '2026-05-01T08:00:00Z');
        assert.equal(got?.created_at, '2026-06-01T12:00:00Z');
        assert.equal(await store.projects.count(), demo.length + 1);
        assert.equal((await store.projects.list({ tag: 'probe-tag', sort: '-published_at', limit: 10 })).items.length, 1);
      });

      it('finds symbols through the substring fallback ("++", "#")', async () => {
        assert.deepEqual((await store.projects.list({ q: '++', sort: 'relevance', limit: 10 })).items.map((p) => p.slug), ['contract-probe']);
        assert.deepEqual((await store.projects.list({ q: '#', sort: 'relevance', limit: 10 })).items.map((p) => p.slug), ['contract-probe']);
        // The topics and technologies are matched one by one, never as their column's JSON text.
        for (const q of ['"', '","', '[', ',']) {
          const found = (await store.projects.list({ q, sort: 'relevance', limit: 100 })).items;
          assert.deepEqual(found.filter((p) => !p.title.includes(q) && !p.summary.includes(q)).map((p) => p.slug), [], `q=${q}`);
        }
      });

      it('a word with + or # finds the projects listing it as a topic, service or technology', async () => {
        // Full-text search drops the symbols: `c++` alone searched every word starting with c.
        const slugs = async (q: string) => (await store.projects.list({ q, sort: 'relevance', limit: 100 })).items.map((p) => p.slug);
        assert.ok((await slugs('c')).length > 1, 'the catalog has other words starting with c');
        for (const q of ['c++', 'C#', 'C++.', '(c#)', 'zephyrine c++', 'ｃ＋＋']) assert.deepEqual(await slugs(q), ['contract-probe'], `q=${q}`);
        assert.deepEqual(await slugs('f#'), [], 'no project lists f#');
        assert.deepEqual(await slugs('c++ quillback'), [], 'the other words still count');
        const page = await store.projects.list({ q: 'c++', sort: 'title', limit: 100 });
        assert.deepEqual(page.items.map((p) => p.slug), ['contract-probe']);
      });

      it('narrows the facets to the projects a search and its filters list', async () => {
        assert.deepEqual(await store.projects.narrowed({ q: 'zephyrine' }), {
          tags: [{ value: 'probe-tag', count: 1 }],
          industries: [{ value: 'research', count: 1 }],
          services: [{ value: 'devops', count: 1 }],
          technologies: [{ value: 'c#', count: 1 }, { value: 'c++', count: 1 }],
          years: [{ value: '2026', count: 1 }],
          total: 1,
        });
        assert.deepEqual(await store.projects.narrowed({ q: 'zephyrine', industry: 'healthcare' }), { tags: [], industries: [], services: [], technologies: [], years: [], total: 0 });
        assert.equal((await store.projects.narrowed({ q: '++' })).total, 1, 'the substring fallback counts too');
        // A filter alone: its own value counts every project it lists, and another industry none.
        const whole = await store.projects.facets();
        const industry = whole.industries[0]!;
        const narrowed = await store.projects.narrowed({ industry: industry.value });
        assert.equal(narrowed.total, industry.count);
        assert.deepEqual(narrowed.industries, [industry]);
        assert.equal(whole.total, published.length + 1, 'the whole catalog counts every published project');
      });

      it('updates by slug: keeps id and created_at, replaces terms and the search index', async () => {
        const before = await store.projects.version();
        const changed = { ...probe, title: 'Quillback Probe Console', tags: ['other-tag'], updated_at: '2026-06-02T00:00:00Z' };
        assert.deepEqual(await store.projects.upsert([changed], NOW + 86_400_000, () => 'prj_never_used'), { inserted: 0, updated: 1 });
        assert.equal(await store.projects.version(), before + 1);
        const got = await store.projects.getBySlug('contract-probe');
        assert.equal(got?.id, 'prj_probe');
        assert.equal(got?.title, 'Quillback Probe Console');
        assert.equal(got?.created_at, '2026-06-01T12:00:00Z');
        assert.equal(got?.updated_at, '2026-06-02T00:00:00Z');
        assert.equal((await store.projects.list({ tag: 'probe-tag', sort: '-published_at', limit: 10 })).items.length, 0);
        assert.equal((await store.projects.list({ tag: 'other-tag', sort: '-published_at', limit: 10 })).items.length, 1);
        assert.equal((await store.projects.list({ q: 'zephyrine', sort: 'relevance', limit: 10 })).items.length, 0);
        assert.equal((await store.projects.list({ q: 'quillback', sort: 'relevance', limit: 10 })).items[0]?.slug, 'contract-probe');
        assert.equal(await store.projects.count(), demo.length + 1);
      });

      it('hides a project unpublished by an upsert', async () => {
        await store.projects.upsert([{ ...probe, published_at: null }], NOW, () => 'prj_never_used');
        assert.equal(await store.projects.getBySlug('contract-probe'), undefined);
        assert.equal((await store.projects.list({ q: 'probe', sort: 'relevance', limit: 10 })).items.length, 0);
        assert.ok(!(await store.projects.facets()).industries.some((f) => f.value === 'research'));
        assert.equal((await store.projects.exportAll()).find((p) => p.slug === 'contract-probe')?.published_at, null);
      });

      it('rolls the whole batch back when one record fails', async () => {
        const before = await store.projects.version();
        const count = await store.projects.count();
        const ok = { ...probe, slug: 'contract-rollback-a' };
        await assert.rejects(store.projects.upsert([ok, { ...probe, slug: 'contract-rollback-b' }], NOW, () => 'prj_same_id'));
        assert.equal(await store.projects.count(), count);
        assert.equal(await store.projects.version(), before);
      });

      it('sorts and pages titles with non-ASCII letters consistently', async () => {
        const titles = ['Édition Numérique', 'écoles en ligne', 'Zürich Transit', 'Ærø Ferries', 'Oslo Ørsted Grid', 'émile Archive'];
        const batch = titles.map((title, i) => ({ ...probe, slug: `unicode-${i}`, title, tags: ['unicode-probe'] }));
        await store.projects.upsert(batch, NOW, sequentialIds('prj_u'));
        const whole = (await store.projects.list({ tag: 'unicode-probe', sort: 'title', limit: 100 })).items.map((p) => p.slug);
        assert.equal(whole.length, titles.length);
        for (const limit of [1, 2, 4]) assert.deepEqual(await listAll(store, { tag: 'unicode-probe', sort: 'title' }, limit), whole, `limit ${limit}`);
        const everything = await listAll(store, { sort: 'title' }, 5);
        assert.equal(new Set(everything).size, everything.length);
        assert.equal(everything.length, published.length + titles.length);
      });
    });

    describe('oauth clients, credentials and assertion replay', () => {
      it('stores and reads a client', async () => {
        await store.clients.create({
          client_id: 'cl_contract',
          client_name: 'Contract',
          token_endpoint_auth_method: 'none',
          grant_types: ['client_credentials'],
          scope: 'catalog:read inquiries:write sandbox:write',
          secret_hash: null,
          client_id_issued_at: 1_780_000_000,
          redirect_uris: [],
          client_uri: null,
          logo_uri: null,
        });
        assert.deepEqual(await store.clients.get('cl_contract'), {
          client_id: 'cl_contract',
          client_name: 'Contract',
          token_endpoint_auth_method: 'none',
          grant_types: ['client_credentials'],
          scope: 'catalog:read inquiries:write sandbox:write',
          secret_hash: null,
          client_id_issued_at: 1_780_000_000,
          redirect_uris: [],
          client_uri: null,
          logo_uri: null,
        });
        assert.equal(await store.clients.get('cl_unknown'), undefined);
        await assert.rejects(store.clients.create({ ...(await store.clients.get('cl_contract'))! }), 'client ids are unique');
      });

      it('stores credentials by hash and revokes them once', async () => {
        const record = {
          hash: 'a'.repeat(64),
          kind: 'access_token' as const,
          client_id: 'cl_contract',
          scope: 'catalog:read',
          identity_type: 'anonymous' as const,
          subject: null,
          created_at: NOW,
          expires_at: NOW + 3_600_000,
          revoked_at: null,
          resource: null,
          grant_id: null,
        };
        await store.credentials.insert(record);
        await store.credentials.insert({ ...record, hash: 'b'.repeat(64), kind: 'api_key', expires_at: null, identity_type: 'identity_assertion', subject: 'ada@example.com' });
        assert.deepEqual(await store.credentials.findByHash('a'.repeat(64)), record);
        const key = await store.credentials.findByHash('b'.repeat(64));
        assert.equal(key?.expires_at, null);
        assert.equal(key?.subject, 'ada@example.com');
        assert.equal(await store.credentials.findByHash('c'.repeat(64)), undefined);
        assert.equal(await store.credentials.revoke('a'.repeat(64), NOW + 1), true);
        assert.equal(await store.credentials.revoke('a'.repeat(64), NOW + 2), false, 'a second revocation changes nothing');
        assert.equal(await store.credentials.revoke('c'.repeat(64), NOW + 2), false);
        assert.equal((await store.credentials.findByHash('a'.repeat(64)))?.revoked_at, NOW + 1);
      });

      it('accepts a jti once per issuer until it expires', async () => {
        assert.equal(await store.assertions.useOnce('https://idp.example', 'jti-1', NOW + 60_000, NOW), true);
        assert.equal(await store.assertions.useOnce('https://idp.example', 'jti-1', NOW + 60_000, NOW + 1), false);
        assert.equal(await store.assertions.useOnce('https://other.example', 'jti-1', NOW + 60_000, NOW + 1), true);
        assert.equal(await store.assertions.useOnce('https://idp.example', 'jti-1', NOW + 200_000, NOW + 120_000), true, 'expired entries are pruned');
      });
    });

    describe('idempotency, inquiries and counters', () => {
      const LOCK = 30_000;
      const TTL = 86_400_000;
      const result = 'v1.sealed-result';
      const complete = (tx: Stores, scopeKey: string, claimedAtMs: number, resource: string | null = null) =>
        tx.idempotency.complete({ scopeKey, claimedAtMs, result, resource, expiresAtMs: NOW + TTL });

      it('claims, reports in-flight and mismatch, then replays after completion', async () => {
        assert.deepEqual(await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-1', NOW, LOCK, TTL), { state: 'acquired' });
        assert.deepEqual(await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-1', NOW + 1, LOCK, TTL), { state: 'in_flight' });
        assert.deepEqual(await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-2', NOW + 1, LOCK, TTL), { state: 'mismatch' });
        await store.transaction(async (tx) => {
          await tx.inquiries.insert(inquiry('inq_1', '2026-06-01T12:00:00Z'));
          await complete(tx, 'anonymous POST /api/v1/inquiries k1', NOW, 'inq_1');
        });
        assert.deepEqual(await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-1', NOW + 2, LOCK, TTL), { state: 'replay', result });
        assert.deepEqual(await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-2', NOW + 2, LOCK, TTL), { state: 'mismatch' });
        assert.deepEqual(await store.inquiries.get('inq_1'), { ...inquiry('inq_1', '2026-06-01T12:00:00Z'), status: 'new', status_changed_at: null });
      });

      it('lets a new request take over a claim whose lock expired', async () => {
        assert.deepEqual(await store.idempotency.claim('k-crash', 'fp', NOW, LOCK, TTL), { state: 'acquired' });
        assert.deepEqual(await store.idempotency.claim('k-crash', 'fp', NOW + LOCK - 1, LOCK, TTL), { state: 'in_flight' });
        assert.deepEqual(await store.idempotency.claim('k-crash', 'fp', NOW + LOCK, LOCK, TTL), { state: 'acquired' });
      });

      it('never takes over a completed record before it expires, and does after', async () => {
        assert.deepEqual(await store.idempotency.claim('k-done', 'fp', NOW, LOCK, TTL), { state: 'acquired' });
        await store.transaction((tx) => complete(tx, 'k-done', NOW));
        assert.equal((await store.idempotency.claim('k-done', 'fp', NOW + LOCK * 10, LOCK, TTL)).state, 'replay');
        assert.deepEqual(await store.idempotency.claim('k-done', 'fp-new', NOW + TTL, LOCK, TTL), { state: 'acquired' });
      });

      it('release drops an in-flight claim but never a completed one', async () => {
        await store.idempotency.claim('k-release', 'fp', NOW, LOCK, TTL);
        await store.idempotency.release('k-release', NOW);
        assert.deepEqual(await store.idempotency.claim('k-release', 'fp-other', NOW, LOCK, TTL), { state: 'acquired' });
        await store.idempotency.release('anonymous POST /api/v1/inquiries k1', NOW);
        assert.equal((await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-1', NOW + 3, LOCK, TTL)).state, 'replay');
      });

      it('a request whose claim was taken over can neither complete nor release it, and its inquiry is rolled back', async () => {
        const before = await store.inquiries.count();
        assert.deepEqual(await store.idempotency.claim('k-slow', 'fp', NOW, LOCK, TTL), { state: 'acquired' });
        // The slow holder's lock expires and a retry takes the key over.
        assert.deepEqual(await store.idempotency.claim('k-slow', 'fp', NOW + LOCK, LOCK, TTL), { state: 'acquired' });
        await assert.rejects(
          store.transaction(async (tx) => {
            await tx.inquiries.insert(inquiry('inq_slow', '2026-06-01T12:00:00Z'));
            await complete(tx, 'k-slow', NOW);
          }),
          IdempotencyClaimLostError,
        );
        assert.equal(await store.inquiries.get('inq_slow'), undefined, 'the losing request\'s inquiry is rolled back');
        assert.equal(await store.inquiries.count(), before);
        await store.idempotency.release('k-slow', NOW);
        assert.equal((await store.idempotency.claim('k-slow', 'fp', NOW + LOCK + 1, LOCK, TTL)).state, 'in_flight', 'the new holder keeps its claim');
        await store.transaction((tx) => complete(tx, 'k-slow', NOW + LOCK));
        assert.equal((await store.idempotency.claim('k-slow', 'fp', NOW + LOCK + 2, LOCK, TTL)).state, 'replay');
      });

      it('a transaction commits every write together, or none when its work throws', async () => {
        const before = await store.inquiries.count();
        await assert.rejects(
          store.transaction(async (tx) => {
            await tx.inquiries.insert(inquiry('inq_tx_a', '2026-06-01T12:00:00Z'));
            await tx.clients.create({ client_id: 'cl_tx', client_name: null, token_endpoint_auth_method: 'none', grant_types: ['client_credentials'], scope: 'catalog:read', secret_hash: null, client_id_issued_at: 1, redirect_uris: [], client_uri: null, logo_uri: null });
            throw new Error('boom');
          }),
          /boom/,
        );
        assert.equal(await store.inquiries.get('inq_tx_a'), undefined);
        assert.equal(await store.clients.get('cl_tx'), undefined);
        const value = await store.transaction(async (tx) => {
          await tx.inquiries.insert(inquiry('inq_tx_b', '2026-06-01T12:00:00Z'));
          assert.ok(await tx.inquiries.get('inq_tx_b'), 'a transaction reads its own writes');
          return 'done';
        });
        assert.equal(value, 'done');
        assert.equal(await store.inquiries.count(), before + 1);
      });

      it('prunes expired records only', async () => {
        await store.idempotency.claim('k-short', 'fp', NOW, LOCK, 1000);
        const pruned = await store.idempotency.prune(NOW + 1000);
        assert.equal(pruned, 1);
        assert.equal((await store.idempotency.claim('anonymous POST /api/v1/inquiries k1', 'fp-1', NOW + 1000, LOCK, TTL)).state, 'replay');
        assert.equal(await store.idempotency.prune(NOW + 1000), 0);
      });

      it('lists inquiries newest first and counts them', async () => {
        await store.inquiries.insert(inquiry('inq_2', '2026-06-01T13:00:00Z'));
        await store.inquiries.insert(inquiry('inq_0', '2026-05-01T13:00:00Z'));
        assert.equal(await store.inquiries.count(), 4);
        assert.deepEqual(
          (await store.inquiries.list({ limit: 10 })).map((i) => i.id),
          ['inq_2', 'inq_tx_b', 'inq_1', 'inq_0'],
        );
        assert.deepEqual(
          (await store.inquiries.list({ limit: 1 })).map((i) => i.id),
          ['inq_2'],
        );
        assert.equal(await store.inquiries.get('inq_missing'), undefined);
        await assert.rejects(store.inquiries.insert(inquiry('inq_2', '2026-06-01T13:00:00Z')), 'ids are unique');
      });

      it('counts hits per fixed window', async () => {
        assert.equal(await store.counters.hit('reads:1.2.3.4', 60_000), 1);
        assert.equal(await store.counters.hit('reads:1.2.3.4', 60_000), 2);
        assert.equal(await store.counters.hit('reads:5.6.7.8', 60_000), 1);
        assert.equal(await store.counters.hit('reads:1.2.3.4', 120_000), 1, 'a new window starts at 1');
        assert.equal(await store.counters.hit('reads:1.2.3.4', 120_000), 2);
      });
    });
  });
}
