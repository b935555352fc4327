import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { WalSync } from '../../src/store/sqlite/wal-sync.js';

/** What this process's open descriptors name that starts with `path` (Linux: /proc/self/fd). */
function openFiles(path: string): string[] {
  const names: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(`/proc/self/fd/${fd}`);
      if (target.startsWith(path)) names.push(target);
    } catch {
      // the descriptor readdir itself used, closed since
    }
  }
  return names;
}

describe('the WAL\'s fdatasync (sqlite/wal-sync.ts)', () => {
  let dir: string;
  let wal: string;

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-wal-sync-'));
    wal = join(dir, 'db.sqlite-wal');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps one descriptor across syncs, and follows the file when it is replaced', async () => {
    writeFileSync(wal, 'first');
    const sync = new WalSync(wal);
    try {
      await sync.sync();
      await sync.sync();
      assert.deepEqual(openFiles(wal), [wal], 'one descriptor, held between syncs');

      // SQLite deletes the WAL when its last connection closes, and creates another at the next write.
      unlinkSync(wal);
      writeFileSync(wal, 'second');
      assert.deepEqual(openFiles(wal), [`${wal} (deleted)`]);
      await sync.sync();
      assert.deepEqual(openFiles(wal), [wal], 'the deleted file is let go, the new one synced');

      unlinkSync(wal);
      await assert.rejects(sync.sync(), { code: 'ENOENT' }, 'no WAL at the path: the sync fails, and the members waiting for it are told so');
    } finally {
      await sync.close();
    }
    assert.deepEqual(openFiles(wal), []);
  });
});
