import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { runCli } from '../../src/cli/run.js';
import { createStore } from '../../src/store/create-store.js';
import { mountSmallFilesystem, skipWithoutMount, type SmallFilesystem } from '../helpers/small-filesystem.js';

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

  it('the database, its -wal and -shm, a backup, a restored copy and an inquiries export are private (0600) under a umask of 022', async () => {
    const umask = process.umask(0o022);
    try {
      const fresh = join(dir, 'private', 'v.db');
      const store = createStore({ kind: 'sqlite', path: fresh });
      await store.migrate();
      // Seen while it is open (a close checkpoints and removes the WAL files); asserted once closed.
      const live = [fresh, `${fresh}-wal`, `${fresh}-shm`].filter((path) => existsSync(path)).map((path) => [path, (statSync(path).mode & 0o777).toString(8)]);
      const backup = join(dir, 'private', 'backup.db');
      const backedUp = await vitrine(['backup', backup], `sqlite:${fresh}`);
      await store.close();
      assert.equal(backedUp.code, 0, backedUp.stderr);
      assert.equal(live.length, 3, 'the database and its WAL files while it is open');
      for (const [path, mode] of live) assert.equal(mode, '600', path);
      const restored = join(dir, 'private', 'restored.db');
      assert.equal((await vitrine(['restore', backup], `sqlite:${restored}`)).code, 0);
      const csv = join(dir, 'private', 'inquiries.csv');
      assert.equal((await vitrine(['inquiries', 'export', '--output', csv], `sqlite:${fresh}`)).code, 0);
      for (const path of [backup, restored, csv]) assert.equal((statSync(path).mode & 0o777).toString(8), '600', path);
      // An existing file keeps the mode its operator gave it.
      const shared = join(dir, 'private', 'shared.db');
      writeFileSync(shared, '', { mode: 0o640 });
      await createStore({ kind: 'sqlite', path: shared }).close();
      assert.equal((statSync(shared).mode & 0o777).toString(8), '640');
    } finally {
      process.umask(umask);
    }
  });
});

describe('vitrine backup killed midway', () => {
  let dir: string;
  let db: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-kill-'));
    db = join(dir, 'v.db');
    const store = createStore({ kind: 'sqlite', path: db });
    await store.migrate();
    await store.close();
    // 96 MB more, so the copy takes long enough to be caught in the middle.
    const raw = new Database(db);
    raw.exec('CREATE TABLE ballast (b BLOB); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 96) INSERT INTO ballast SELECT zeroblob(1048576) FROM n');
    raw.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves no FILE (only its .partial), so a retry succeeds and removes the abandoned copy', { timeout: 60_000 }, async () => {
    const out = join(dir, 'backups');
    mkdirSync(out);
    const file = join(out, 'vitrine.db');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'backup', file], { env: { ...process.env, DATABASE_URL: `sqlite:${db}`, LOG_LEVEL: 'silent' }, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // SIGKILL as soon as the copy has bytes on disk: no handler runs, as when a machine goes down.
    while (child.exitCode === null && !readdirSync(out).some((name) => statSync(join(out, name), { throwIfNoEntry: false })?.size)) await new Promise((resolve) => setImmediate(resolve));
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL', 'killed while copying, not after it finished');
    assert.equal(existsSync(file), false, 'no FILE that a retry would refuse and a restore would take for a backup');
    for (const name of readdirSync(out)) assert.match(name, /^vitrine\.db\.\d+\.partial/, 'only the killed copy, under a name no restore would take');

    // A copy another backup is still writing (this test's own process stands in for it).
    const running = `other.db.${process.pid}.partial`;
    writeFileSync(join(out, running), '');
    const retried = await vitrine(['backup', file], `sqlite:${db}`);
    assert.equal(retried.code, 0, retried.stderr);
    assert.ok(existsSync(file));
    assert.deepEqual(readdirSync(out).sort(), [running, 'vitrine.db'], 'the dead backup\'s copy is gone, the live one\'s kept');
  });
});

describe('vitrine backup on a disk that fills up midway', { skip: skipWithoutMount() }, () => {
  const size = 2 * 1024 * 1024;
  let dir: string;
  let db: string;
  let disk: SmallFilesystem;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-full-'));
    db = join(dir, 'v.db');
    const store = createStore({ kind: 'sqlite', path: db });
    await store.migrate();
    await store.close();
    disk = mountSmallFilesystem(size);
  });
  after(() => {
    disk?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves neither FILE nor a partial copy, so a retry once there is room succeeds', async () => {
    // Room for about half the database: SQLite has written pages into the copy when the disk fills.
    const room = Math.floor(statSync(db).size / 2 / 4096) * 4096;
    const ballast = join(disk.dir, 'ballast');
    writeFileSync(ballast, Buffer.alloc(size - room));
    const file = join(disk.dir, 'vitrine.db');
    const failed = await vitrine(['backup', file], `sqlite:${db}`);
    assert.equal(failed.code, 1, failed.stdout);
    assert.match(failed.stderr, new RegExp(`^vitrine backup: cannot write ${file}: .*full`));
    assert.equal(existsSync(file), false, 'no FILE that a retry would refuse and a restore would take for a backup');
    assert.deepEqual(readdirSync(disk.dir), ['ballast'], 'the partial copy and its journal are removed');

    rmSync(ballast);
    const retried = await vitrine(['backup', file], `sqlite:${db}`);
    assert.equal(retried.code, 0, retried.stderr);
    assert.match(retried.stdout, /^backed up .* pages: 0 projects/);
    assert.deepEqual(readdirSync(disk.dir), ['vitrine.db'], 'only the backup: no partial file, no -wal or -shm beside it');
    const again = await vitrine(['backup', file], `sqlite:${db}`);
    assert.equal(again.code, 1, 'a complete backup is still never overwritten');
    assert.match(again.stderr, /already exists; name a new file/);
  });
});
