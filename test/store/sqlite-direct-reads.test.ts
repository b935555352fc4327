import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import type { ProjectFields } from '../../src/model/project.js';
import { recordOf } from '../../src/store/kysely/project-rows.js';
import { sqliteDirectReads } from '../../src/store/sqlite/direct-reads.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';
import { projectFields } from '../helpers/project-fields.js';

// The in-memory search's version check and page rows skip Kysely on SQLite (issue 17): they must
// read exactly what Kysely reads, and never a transaction's uncommitted writes.

const NOW = Date.parse('2026-06-01T12:00:00Z');
let n = 0;
const newId = () => `prj_direct${++n}`;

const PROJECTS: ProjectFields[] = [
  projectFields({ slug: 'harbor-tickets', title: 'Harbor tickets', client: null, url: null, featured: true, tags: ['maps', 'ferries'], services: ['design'], technologies: ['typescript'] }),
  projectFields({ slug: 'cafe-menus', title: 'Café menus — ünïcode ✓', client: 'Café Noir', url: 'https://cafe.example/menu', description: 'Line one.\n\nLine "two" \\ and a tab\t.', images: [{ url: '/images/cafe-menus/1.svg', alt: 'A menu', width: 800, height: 600, caption: 'Menus' }] }),
  projectFields({ slug: 'unpublished-draft', title: 'A draft', published_at: null, year: 2019 }),
];

describe('SQLite direct reads', () => {
  let opened: OpenedStore;
  let raw: Database.Database;

  before(async () => {
    opened = await openStore('sqlite');
    await opened.store.migrate();
    await opened.store.projects.upsert(PROJECTS, NOW, newId);
    raw = new Database((opened.config as { path: string }).path);
  });
  after(async () => {
    raw.close();
    await opened.drop();
  });

  it('reads the records Kysely reads, field for field', async () => {
    const direct = sqliteDirectReads(() => raw);
    const expected = await Promise.all(PROJECTS.map(async (p) => (await opened.store.projects.getAny(p.slug))!));
    const ids = expected.map((p) => p.id);
    const read = new Map(direct.projectRows([...ids, 'prj_missing'])!.map((values) => { const record = recordOf(values); return [record.id, record]; }));
    assert.equal(read.size, 3, 'one record per existing id');
    for (const project of expected) {
      const { revision: _r, ...record } = project;
      assert.deepEqual(read.get(project.id), record);
    }
  });

  it('reads more ids than one statement takes', async () => {
    const direct = sqliteDirectReads(() => raw);
    const ids = [...Array.from({ length: 300 }, (_, i) => `prj_none${i}`), (await opened.store.projects.getAny('cafe-menus'))!.id];
    assert.deepEqual(direct.projectRows(ids)!.map((values) => recordOf(values).slug), ['cafe-menus']);
  });

  it('reads the catalog version every write bumps', async () => {
    const direct = sqliteDirectReads(() => raw);
    assert.equal(direct.catalogVersion(), await opened.store.projects.version());
    const before = direct.catalogVersion()!;
    await opened.store.projects.upsert([projectFields({ slug: 'another-one', title: 'Another one' })], NOW, newId);
    assert.equal(direct.catalogVersion(), before + 1);
  });

  it('answers nothing while a transaction is open on the connection, so its uncommitted writes are never read', async () => {
    const direct = sqliteDirectReads(() => raw);
    const id = (await opened.store.projects.getAny('harbor-tickets'))!.id;
    raw.exec('BEGIN');
    raw.prepare("UPDATE projects SET summary = 'uncommitted' WHERE id = ?").run(id);
    raw.prepare('UPDATE catalog_state SET version = version + 1 WHERE id = 1').run();
    try {
      assert.equal(direct.projectRows([id]), undefined);
      assert.equal(direct.catalogVersion(), undefined);
    } finally {
      raw.exec('ROLLBACK');
    }
    assert.notEqual(recordOf(direct.projectRows([id])![0]!).summary, 'uncommitted');
    assert.equal(direct.catalogVersion(), await opened.store.projects.version());
  });

  it('a ranked page during an open write transaction shows only what was committed', async () => {
    await opened.store.projects.warm?.();
    const harbor = (await opened.store.projects.getAny('harbor-tickets'))!;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const write = opened.store.transaction(async (tx) => {
      await tx.projects.save({ ...PROJECTS[0]!, summary: 'Never committed.' }, harbor, NOW + 1, newId);
      entered();
      await gate;
      throw new Error('rolled back on purpose');
    });
    await inside;
    const page = opened.store.projects.list({ q: 'harbor', sort: 'relevance', limit: 5 });
    release();
    await assert.rejects(write, /rolled back on purpose/);
    const summaries = (await page).items.map((p) => p.summary);
    assert.deepEqual(summaries, [harbor.summary]);
  });
});
