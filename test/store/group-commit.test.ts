import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { newTimeOrderedId } from '../../src/lib/clock.js';
import type { Database as Schema } from '../../src/store/kysely/schema.js';
import type { InquiryRecord, Provenance, Stores } from '../../src/store/ports/index.js';

// SQLite names its temporary files' directory once, when it starts: set before better-sqlite3
// is first loaded (below, by dynamic import), so that this file's own SQLite writes them here.
const temporary = mkdtempSync(join(tmpdir(), 'vitrine-sqlite-tmp-'));
process.env.SQLITE_TMPDIR = temporary;
const { default: Database } = await import('better-sqlite3');
const { Kysely: KyselyClass, SqliteDialect } = await import('kysely');
const { KyselyInquiryStore } = await import('../../src/store/kysely/inquiries.js');
const { GroupCommit } = await import('../../src/store/sqlite/group-commit.js');
const { createSqliteStore } = await import('../../src/store/sqlite/store.js');

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function inquiry(n: number): InquiryRecord & Provenance {
  return { id: `inq_${String(n).padStart(8, '0')}`, name: 'Ada', email: 'ada@example.com', company: null, message: `Inquiry number ${n}.`, project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null };
}

/** An fdatasync that returns when the test says so. */
function heldSyncs() {
  const held: (() => void)[] = [];
  let started = 0;
  let onStart: (() => void) | undefined;
  return {
    sync: () =>
      new Promise<void>((done) => {
        started += 1;
        held.push(done);
        onStart?.();
      }),
    get started() {
      return started;
    },
    /** resolves once `n` syncs have started */
    async until(n: number) {
      while (started < n) await new Promise<void>((resolve) => (onStart = resolve));
    },
    release: () => held.shift()?.(),
  };
}

describe('SQLite group commit (sqlite/group-commit.ts)', () => {
  let dir: string;
  let path: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-group-commit-'));
    path = join(dir, 'db.sqlite');
    const store = createSqliteStore(path);
    await store.migrate();
    await store.close();
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(temporary, { recursive: true, force: true });
  });

  /** A GroupCommit over the migrated file, counting the COMMITs it runs. */
  function open(sync: () => Promise<void>) {
    const database = new Database(path);
    database.pragma('journal_mode = WAL');
    let commits = 0;
    let savepoints = 0;
    const count = (sql: string) => {
      if (sql === 'commit') commits += 1;
      if (sql === 'SAVEPOINT member') savepoints += 1;
    };
    const kysely: Kysely<Schema> = new KyselyClass<Schema>({ dialect: new SqliteDialect({ database }), log: (event) => count(event.query.sql) });
    const group = new GroupCommit(kysely, (trx) => ({ inquiries: new KyselyInquiryStore(trx, 'sqlite') }) as unknown as Stores, sync);
    const stored = (id: string) => database.prepare('SELECT count(*) AS n FROM inquiries WHERE id = ?').get(id) as { n: number };
    return { group, commits: () => commits, savepoints: () => savepoints, stored: (n: number) => stored(inquiry(n).id).n, close: () => kysely.destroy() };
  }

  it('members that arrive while an fdatasync is in flight share the next COMMIT; one answered at its COMMIT does not wait for the disk', async () => {
    const syncs = heldSyncs();
    const { group, commits, close } = open(syncs.sync);
    try {
      const first = group.run((tx) => tx.inquiries.insert(inquiry(1)));
      await syncs.until(1);
      assert.equal(commits(), 1);
      // Five inquiries on five turns of the event loop, as requests arrive: none can be answered
      // before the next fdatasync, and none is committed alone meanwhile.
      const later: Promise<void>[] = [];
      for (let n = 2; n <= 6; n++) {
        later.push(group.run((tx) => tx.inquiries.insert(inquiry(n))));
        await turn();
        await turn();
      }
      assert.equal(commits(), 1, 'nothing committed while the first fdatasync is in flight');

      // A token (answered at its COMMIT, not after the disk) goes through at once.
      let tokenAnswered = false;
      const token = group.run(async (tx) => tx.inquiries.insert(inquiry(7)), { durable: false }).then(() => (tokenAnswered = true));
      for (let i = 0; i < 20 && !tokenAnswered; i++) await turn();
      assert.equal(tokenAnswered, true, 'the token did not wait for the fdatasync in flight');
      assert.equal(syncs.started, 1);

      syncs.release();
      await first;
      await syncs.until(2);
      syncs.release();
      await Promise.all([...later, token]);
      assert.equal(commits(), 2, 'the five inquiries and the token shared one COMMIT');
      assert.equal(syncs.started, 2);
    } finally {
      await close();
    }
  });

  it('a single-statement member runs without a savepoint, and one that breaks a constraint fails alone', async () => {
    const { group, commits, savepoints, stored, close } = open(async () => {});
    try {
      const before = commits();
      const members = [
        group.run((tx) => tx.inquiries.insert(inquiry(101)), { single: true }),
        // The same primary key again: SQLite undoes this statement alone (SQLITE_CONSTRAINT).
        group.run((tx) => tx.inquiries.insert(inquiry(101)), { single: true }),
        group.run((tx) => tx.inquiries.insert(inquiry(102)), { single: true }),
        // A member of two statements whose second fails keeps nothing of its first.
        group.run(async (tx) => {
          await tx.inquiries.insert(inquiry(103));
          await tx.inquiries.insert(inquiry(102));
        }),
        group.run((tx) => tx.inquiries.insert(inquiry(104))),
      ];
      const outcomes = await Promise.allSettled(members);
      assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
      assert.match(String((outcomes[1] as PromiseRejectedResult).reason.code), /^SQLITE_CONSTRAINT/);
      assert.equal(commits(), before + 1, 'one group, one COMMIT');
      assert.equal(savepoints(), 2, 'savepoints only around the members that may run several statements');
      assert.deepEqual([101, 102, 103, 104].map(stored), [1, 1, 0, 1]);
    } finally {
      await close();
    }
  });

  it('a burst of inquiries writes no temporary file (the members\' savepoints journal in memory)', async () => {
    const BURSTS = 60;
    const store = createSqliteStore(path);
    const created: string[] = [];
    const watcher = watch(temporary, (_event, name) => created.push(String(name)));
    try {
      const before = await store.inquiries.count();
      const now = Date.parse('2026-06-01T12:00:00Z');
      // A member's savepoint keeps a copy of every page it changes (the tables' and indexes'
      // pages on its way, one of them at a random place: the key's hash): written to disk,
      // those copies spilled into a new temporary file in most groups once the tables had grown.
      for (let burst = 0; burst < BURSTS; burst++) {
        await Promise.all(
          Array.from({ length: 48 }, (_, i) => {
            const id = newTimeOrderedId(now + burst, { bytes: (n) => Buffer.alloc(n, i) }, 'inq');
            const scopeKey = createHash('sha256').update(`${burst}/${i}`).digest('base64url');
            const record = { scopeKey, fingerprint: 'f'.repeat(43), result: 'r'.repeat(440), resource: id, createdAtMs: now, expiresAtMs: now + 86_400_000 };
            return store.acceptInquiry({ ...inquiry(0), id, message: 'A project like yours. '.repeat(12) }, [], record);
          }),
        );
      }
      await turn();
      assert.deepEqual(created, []);
      assert.equal(await store.inquiries.count(), before + BURSTS * 48);
    } finally {
      watcher.close();
      await store.close();
    }
  });
});
