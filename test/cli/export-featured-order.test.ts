import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { cliAgainst } from '../helpers/cli.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
// After the server's modules, which give zod its OpenAPI methods before the routes use them.
import { projectEditSchema } from '../../src/catalog/editor.js';

const ATLAS = 'atlas-regional-trip-planner';

/** The public featured order: REST `featured=true` (the owner's order) and the home page's featured cards. */
async function restOrder(server: TestServer): Promise<string[]> {
  const page = (await (await fetch(`${server.baseUrl}/api/v1/projects?featured=true&limit=100`)).json()) as { data: { slug: string }[] };
  return page.data.map((p) => p.slug);
}

async function homeOrder(server: TestServer): Promise<string[]> {
  const html = await (await fetch(`${server.baseUrl}/`, { headers: { accept: 'text/html' } })).text();
  const section = /<ul class="cards featured">([^]*?)<\/ul>/.exec(html)![1]!;
  return [...section.matchAll(/href="\/projects\/([a-z0-9-]+)"/g)].map((m) => m[1]!).filter((s, i, all) => all.indexOf(s) === i);
}

describe('vitrine export / import carry the owner\'s featured order (featured_rank)', () => {
  let source: TestServer;
  let order: string[];
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-featured-'));
  const file = join(dir, 'catalog.json');
  const folder = join(dir, 'content');

  before(async () => {
    source = await startTestServer();
    // A seventh featured project, then Atlas (the oldest) moved up to second, as with "Move up".
    const demo = JSON.parse(readFileSync(DEMO_CATALOG_PATH, 'utf8')) as { projects: { slug: string; featured: boolean }[] };
    const plain = demo.projects.find((p) => !p.featured)!;
    writeFileSync(join(dir, 'seventh.json'), JSON.stringify({ projects: [{ ...plain, featured: true }] }));
    assert.equal((await cliAgainst(source, ['import', join(dir, 'seventh.json')])).code, 0);
    while ((await source.store.projects.featuredOrder()).indexOf(ATLAS) > 1) await source.store.projects.moveFeatured(ATLAS, 'up');
    order = await source.store.projects.featuredOrder();
    assert.equal(order.length, 7);
    assert.equal(order[1], ATLAS);
    assert.equal((await cliAgainst(source, ['export', file])).code, 0);
    assert.equal((await cliAgainst(source, ['export', '--folder', folder])).code, 0);
  });
  after(async () => {
    await source?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const format of ['FILE.json', '--folder DIR'] as const) {
    it(`an export (${format}) imported into an empty database shows the featured projects in the same order`, async () => {
      const fresh = await startTestServer({ demo: false });
      try {
        const imported = await cliAgainst(fresh, ['import', format === 'FILE.json' ? file : folder]);
        assert.equal(imported.code, 0, imported.stderr);
        assert.deepEqual(await restOrder(fresh), await restOrder(source));
        assert.deepEqual(await restOrder(fresh), order);
        assert.deepEqual(await homeOrder(fresh), await homeOrder(source));
      } finally {
        await fresh.close();
      }
    });
  }

  it('writes featured_rank for featured projects only, and re-importing the unchanged export changes nothing', async () => {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { projects: { slug: string; featured: boolean; featured_rank?: number }[] };
    for (const p of json.projects) assert.equal('featured_rank' in p, p.featured, p.slug);
    assert.equal(json.projects.find((p) => p.slug === ATLAS)!.featured_rank, 2);
    assert.match(readFileSync(join(folder, 'projects', ATLAS, 'index.md'), 'utf8'), /\nfeatured: true\nfeatured_rank: 2\n/);

    const version = await source.store.projects.version();
    assert.match((await cliAgainst(source, ['import', file])).stdout, /studio profile unchanged, 0 inserted, 0 updated, 31 unchanged\n$/);
    assert.match((await cliAgainst(source, ['import', folder])).stdout, /studio profile unchanged, 0 created, 0 updated, 31 unchanged\n$/);
    assert.equal(await source.store.projects.version(), version, 'nothing was written');
  });

  it('a file without featured_rank (older exports, the demo catalog) imports as before: a stored project keeps its place', async () => {
    const json = JSON.parse(readFileSync(file, 'utf8')) as { projects: { featured_rank?: number }[] };
    for (const p of json.projects) delete p.featured_rank;
    const older = join(dir, 'older.json');
    writeFileSync(older, JSON.stringify(json));
    const again = await cliAgainst(source, ['import', older]);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /0 inserted, 0 updated, 31 unchanged\n$/);
    assert.deepEqual(await source.store.projects.featuredOrder(), order);
  });

  it('an edited featured_rank is an update that moves the project; a bad one is refused naming record and field', async () => {
    const path = join(folder, 'projects', ATLAS, 'index.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('featured_rank: 2\n', 'featured_rank: 9\n'));
    const dry = await cliAgainst(source, ['import', '--dry-run', folder]);
    assert.match(dry.stdout, new RegExp(`updated +${ATLAS}\\n`));
    assert.match(dry.stdout, /0 created, 1 updated, 30 unchanged; nothing was written/);
    assert.equal((await cliAgainst(source, ['import', folder])).code, 0);
    assert.deepEqual(await source.store.projects.featuredOrder(), [...order.filter((s) => s !== ATLAS), ATLAS]);

    const bad = join(dir, 'bad.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as { projects: { slug: string; featured_rank?: unknown }[] };
    json.projects.find((p) => p.slug === ATLAS)!.featured_rank = -1;
    writeFileSync(bad, JSON.stringify(json));
    const refused = await cliAgainst(source, ['import', bad]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`projects\\[\\d+\\] \\(slug "${ATLAS}"\\)\\.featured_rank: `));
  });

  it('the owner edits the order with Move up / Move down, never with featured_rank in an edit', () => {
    const edit = { slug: 'x', title: 'X', summary: 'A project.', industry: 'transport', year: 2024, featured: true };
    assert.equal(projectEditSchema.safeParse(edit).success, true);
    assert.equal(projectEditSchema.safeParse({ ...edit, featured_rank: 1 }).success, false);
  });
});
