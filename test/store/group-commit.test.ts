import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { newTimeOrderedId } from '../../src/lib/clock.js';
import type { InquiryRecord, Provenance } from '../../src/store/ports/index.js';

// SQLite names its temporary files' directory once, when it starts: set before better-sqlite3
// is first loaded (below, by dynamic import), so that this file's own SQLite writes them here.
const temporary = mkdtempSync(join(tmpdir(), 'vitrine-sqlite-tmp-'));
process.env.SQLITE_TMPDIR = temporary;
const { createSqliteStore } = await import('../../src/store/sqlite/store.js');

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function inquiry(n: number): InquiryRecord & Provenance {
  return { id: `inq_${String(n).padStart(8, '0')}`, name: 'Ada', email: 'ada@example.com', company: null, message: `Inquiry number ${n}.`, project_slugs: [], budget: null, timeline: null, source: 'api', client_id: null, created_at: '2026-06-01T12:00:00Z', credential: null, identity_type: null, subject: null };
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
