import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Database from 'better-sqlite3';
import { onProcessEnd } from '../helpers/cleanup.js';
import { cliProcess } from '../helpers/cli.js';
import { assertRestoredServes, startInquiryWriters } from '../helpers/backup-load.js';
import { FaultLoad, sleep } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';

/**
 * Fault: the studio loses its database file and has only what `vitrine backup` made while the
 * server was taking inquiries. Restored with `vitrine restore`, it must hold every inquiry
 * acknowledged before the backup started, every project, and credentials that still work.
 */

function rows<T>(path: string, query: string): T[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(query).all() as T[];
  } finally {
    db.close();
  }
}

describe('vitrine backup under write load, then vitrine restore (SQLite)', { timeout: 180_000 }, () => {
  let dir: string;
  const servers: ServerProcess[] = [];
  const start = async (path: string) => {
    const server = startServerProcess({ DATABASE_URL: `sqlite:${path}`, RATE_LIMITS_ENABLED: 'false' });
    servers.push(server);
    onProcessEnd(() => server.cleanup());
    return { server, base: (await server.listening).url! };
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-backup-'));
  });
  after(() => {
    for (const server of servers) server.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('every inquiry acknowledged before the backup started, every project and every credential survive', { timeout: 150_000 }, async (t) => {
    const live = join(dir, 'live.db');
    const backupFile = join(dir, 'backup.db');
    const restored = join(dir, 'restored', 'vitrine.db');
    const { server, base } = await start(live);
    const load = new FaultLoad(base);
    await load.loadContract();
    const keys = JSON.parse((await load.send('keys', '/api/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).body) as { api_key: string; token: string };

    const writers = startInquiryWriters(load, 'backup', keys.api_key, 'a backup');
    const { acknowledged } = writers;
    t.after(() => writers.stop());

    await sleep(800);
    load.phase = 'backup';
    const before = new Map(acknowledged);
    const backup = await cliProcess(['backup', backupFile], { DATABASE_URL: `sqlite:${live}` });
    const duringBackup = acknowledged.size - before.size;
    load.phase = 'after';
    await sleep(300);
    await writers.stop();
    assert.equal(backup.code, 0, backup.stderr);
    assert.match(backup.stdout, /backed up .* \d+ pages: 31 projects, \d+ inquiries/);

    // A restore never overwrites a database that holds data unless told to.
    const refused = await cliProcess(['restore', backupFile], { DATABASE_URL: `sqlite:${live}` });
    assert.equal(refused.code, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /already holds a database; stop the server and pass --force/);

    const restore = await cliProcess(['restore', backupFile], { DATABASE_URL: `sqlite:${restored}` });
    assert.equal(restore.code, 0, restore.stderr);
    const again = await cliProcess(['restore', backupFile, '--force'], { DATABASE_URL: `sqlite:${restored}` });
    assert.equal(again.code, 0, again.stderr);

    const inBackup = new Set(rows<{ id: string }>(restored, 'SELECT id FROM inquiries').map((r) => r.id));
    const lost = [...before.values()].filter((id) => !inBackup.has(id)).length;
    const projectsOf = (path: string) => rows<{ slug: string; updated_at: string }>(path, 'SELECT slug, updated_at FROM projects ORDER BY slug').map((r) => `${r.slug}@${r.updated_at}`);
    const liveStored = rows<{ n: number }>(live, 'SELECT count(*) AS n FROM inquiries')[0]!.n;
    console.log(
      `${load.report('fault: the database file is lost; restored from `vitrine backup` taken under 6 inquiry writers')}\n` +
        `  ${before.size} inquiries acknowledged before the backup started, ${duringBackup} while it ran (${acknowledged.size} in all, ${liveStored} in the live database); ` +
        `the restored database holds ${inBackup.size}: ${lost} of those acknowledged before the backup lost`,
    );
    assert.ok(before.size > 0 && duringBackup > 0, 'inquiries were written before and while the backup ran (otherwise this proved nothing)');
    assert.equal(lost, 0, 'every inquiry acknowledged before the backup started is in it');
    assert.ok(inBackup.size <= liveStored, 'the backup holds nothing the live database does not');
    assert.deepEqual(projectsOf(restored), projectsOf(live), 'every project, as it was');
    assert.equal(load.failures(), 0);
    assert.deepEqual(load.violations, []);

    // The restored database serves: its API key and access token still authenticate, and the
    // idempotency records came along (a retried key replays instead of writing twice).
    server.child.kill('SIGKILL');
    const second = await start(restored);
    const check = await assertRestoredServes(second.base, keys, before, 'a backup');
    const projects = JSON.parse((await check.send('restored', '/api/v1/projects?limit=100')).body) as { data: unknown[] };
    const published = rows<{ n: number }>(live, 'SELECT count(*) AS n FROM projects WHERE published_at IS NOT NULL')[0]!.n;
    assert.equal(projects.data.length, published, 'the restored server lists every published project');
  });
});
