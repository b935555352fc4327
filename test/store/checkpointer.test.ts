import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { KyselyInquiryStore } from '../../src/store/kysely/inquiries.js';
import type { Database as Schema } from '../../src/store/kysely/schema.js';
import type { InquiryRecord, Provenance, Stores } from '../../src/store/ports/index.js';
import { Checkpointer } from '../../src/store/sqlite/checkpointer.js';
import { GroupCommit } from '../../src/store/sqlite/group-commit.js';
import { createSqliteStore } from '../../src/store/sqlite/store.js';

/** A writer connection as the store opens it, checkpoints left to someone else. */
function writer(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('wal_autocheckpoint = 0');
  return db;
}

const walSize = (path: string) => statSync(`${path}-wal`).size;

function inquiry(n: number): InquiryRecord & Provenance {
  return { id: `inq_${String(n).padStart(8, '0')}`, name: 'Ada', email: 'ada@example.com', company: null, message: `Inquiry number ${n}, long enough to fill a page or two.`.repeat(4), project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null };
}

describe('WAL checkpoints off the event loop (sqlite/checkpointer.ts)', () => {
  let dir: string;
  let path: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-checkpoint-'));
    path = join(dir, 'db.sqlite');
    const store = createSqliteStore(path);
    await store.migrate();
    await store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('copies an idle writer\'s WAL into the file, so the next write starts the WAL over', async () => {
    const db = writer(path);
    const checkpointer = new Checkpointer({ path, onLost: () => assert.fail('the worker was lost') });
    try {
      const insert = db.prepare('INSERT INTO app_secrets (name, value, created_at) VALUES (?, ?, 0)');
      const burst = (from: number) => db.transaction(() => { for (let i = from; i < from + 200; i++) insert.run(`secret-${i}`, 'x'.repeat(2000)); })();
      burst(0);
      const first = walSize(path);
      assert.equal(await checkpointer.checkpoint(), true, 'every frame copied');
      burst(200);
      const second = walSize(path);
      assert.ok(second < first * 1.2, `the second burst reused the WAL from its start (${first} → ${second} bytes)`);
      burst(400);
      assert.ok(walSize(path) > second * 1.5, 'without a checkpoint between them, bursts append');
    } finally {
      await checkpointer.close();
      db.close();
    }
    assert.equal(await checkpointer.checkpoint(), false, 'a closed checkpointer does nothing');
  });

  it('hands checkpoints back when its worker cannot run', async () => {
    let lost = 0;
    const checkpointer = new Checkpointer({ path: join(dir, 'missing', 'db.sqlite'), onLost: () => (lost += 1) });
    for (let i = 0; i < 200 && lost === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    assert.equal(lost, 1);
    assert.equal(checkpointer.active, false);
    assert.equal(await checkpointer.checkpoint(), false);
  });

  it('pauses the commit groups for a checkpoint now and then, which keeps the WAL bounded under a steady stream of writes', async () => {
    const run = async (withCheckpoints: boolean, first: number) => {
      const db = writer(path);
      // Start from an empty WAL, as a writer that just restarted it would.
      db.pragma('wal_checkpoint(TRUNCATE)');
      const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
      const checkpointer = new Checkpointer({ path, onLost: () => assert.fail('the worker was lost') });
      let checkpoints = 0;
      const checkpoint = async () => {
        checkpoints += 1;
        assert.equal(await checkpointer.checkpoint(), true, 'between two groups the checkpoint copies every frame');
      };
      const group = new GroupCommit(kysely, (trx) => ({ inquiries: new KyselyInquiryStore(trx, 'sqlite') }) as unknown as Stores, async () => {}, withCheckpoints ? checkpoint : undefined, 4);
      try {
        // 40 groups of 64, queued at once: the writer never idles between them.
        await Promise.all(Array.from({ length: 64 * 40 }, (_, i) => group.run((tx) => tx.inquiries.insert(inquiry(first + i)))));
        return { wal: walSize(path), checkpoints };
      } finally {
        await checkpointer.close();
        await kysely.destroy();
      }
    };
    const steady = await run(true, 0);
    const unchecked = await run(false, 100_000);
    assert.ok(steady.checkpoints >= 9, `${steady.checkpoints} checkpoints`);
    assert.ok(steady.wal * 4 < unchecked.wal, `WAL ${steady.wal} bytes with checkpoints, ${unchecked.wal} without`);
  });
});
