import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runCli } from '../../src/cli/run.js';
import { createStore } from '../../src/store/create-store.js';

async function vitrine(args: string[], databaseUrl: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    env: { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    stdout: { write: (t: string) => ((stdout += t), true) },
    stderr: { write: (t: string) => ((stderr += t), true) },
  });
  return { code, stdout, stderr };
}

describe('vitrine backup and restore refuse what would lose or mislead', () => {
  let dir: string;
  let db: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-cli-'));
    db = join(dir, 'v.db');
    const store = createStore({ kind: 'sqlite', path: db });
    await store.migrate();
    await store.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('backup never writes over an existing file', async () => {
    const existing = join(dir, 'existing.db');
    writeFileSync(existing, 'keep me');
    const run = await vitrine(['backup', existing], `sqlite:${db}`);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /already exists; name a new file/);
  });

  it('backup into a folder that does not exist names the file and the folder, under the command\'s name', async () => {
    const missing = join(dir, 'no-such-folder', 'x.db');
    const run = await vitrine(['backup', missing], `sqlite:${db}`);
    assert.equal(run.code, 1);
    assert.equal(run.stderr, `vitrine backup: cannot write ${missing}: there is no folder ${join(dir, 'no-such-folder')}\n`);
  });

  it('restore refuses a file that is not a vitrine database, and changes nothing', async () => {
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all, just text that is long enough to be read as a header');
    const target = join(dir, 'fresh.db');
    const run = await vitrine(['restore', junk], `sqlite:${target}`);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /vitrine restore: /);
  });

  it('restore refuses the configured database itself as the backup', async () => {
    const run = await vitrine(['restore', db, '--force'], `sqlite:${db}`);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /is the configured database itself/);
  });

  it('on PostgreSQL both name the pg_dump / pg_restore command instead', async () => {
    const backup = await vitrine(['backup', join(dir, 'x.dump')], 'postgres://postgres@127.0.0.1:1/none');
    assert.equal(backup.code, 2);
    assert.match(backup.stderr, /pg_dump --format=custom --file=FILE/);
    const restore = await vitrine(['restore', join(dir, 'x.dump')], 'postgres://postgres@127.0.0.1:1/none');
    assert.equal(restore.code, 2);
    assert.match(restore.stderr, /pg_restore --no-owner/);
  });

  it('backup and restore need exactly one FILE (usage, exit 2)', async () => {
    for (const args of [['backup'], ['restore'], ['backup', 'a', 'b'], ['restore', '--nope', 'a']]) {
      const run = await vitrine(args, `sqlite:${db}`);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /usage: vitrine/);
    }
  });
});
