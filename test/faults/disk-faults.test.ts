import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { onProcessEnd } from '../helpers/cleanup.js';
import { cliProcess } from '../helpers/cli.js';
import { FaultLoad, drive, sleep, type Answer } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { createStore } from '../../src/store/create-store.js';
import { mountSmallFilesystem, skipWithoutMount, type SmallFilesystem } from '../helpers/small-filesystem.js';

/**
 * Faults: the disk under the SQLite database fills up (the test's own small tmpfs, filled to the
 * last byte), and the database file is read-only when the server starts (`chattr +i`, which
 * binds root too; a live filesystem cannot be remounted read-only while the server holds the
 * file open). Writes and token requests must answer 503 problems with Retry-After and the log
 * must say why, never a 500 and never an exit (no crash loop); when the space or write access
 * comes back, writes work again without a restart.
 */
const skip = skipWithoutMount();
const inquiry = (key: string) => JSON.stringify({ name: 'Disk Test', email: 'disk@example.com', message: `Sent while the disk misbehaved, key ${key}.` });

describe('disk faults under the SQLite database', { skip, timeout: 180_000 }, () => {
  let disk: SmallFilesystem;
  let server: ServerProcess;
  let load: FaultLoad;
  let clientId: string;
  let database: string;
  const servers: ServerProcess[] = [];
  const chattr = (flag: string) => execFileSync('chattr', [flag, database]);

  async function startServer(): Promise<void> {
    server = startServerProcess({ DATABASE_URL: `sqlite:${database}`, RATE_LIMITS_ENABLED: 'false' });
    servers.push(server);
    onProcessEnd(() => server.cleanup());
    load = new FaultLoad((await server.listening).url!);
    await load.loadContract();
    assert.equal((await load.send('warm', '/api/v1/projects')).outcome, 200);
  }

  before(async () => {
    disk = mountSmallFilesystem(24 * 1024 * 1024);
    database = join(disk.dir, 'vitrine.db');
    await startServer();
    clientId = (JSON.parse((await load.send('register', '/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'disk', token_endpoint_auth_method: 'none' }) })).body) as { client_id: string }).client_id;
  });
  after(() => {
    for (const s of servers) s.cleanup();
    if (database) spawnSync('chattr', ['-i', database]);
    disk?.destroy();
  });

  /** Mixed load through `inject` … `repair`; returns how long writes took to come back. */
  async function underFault(name: string, inject: (() => void) | null, repair: () => void): Promise<{ recoveredMs: number; badRetryAfter: number }> {
    let n = 0;
    let badRetryAfter = 0;
    const note = (answer: Answer) => {
      if (answer.outcome === 503 && !/^\d+$/.test(answer.headers.get('retry-after') ?? '')) badRetryAfter += 1;
      return answer;
    };
    const write = () => { const key = `${name.replaceAll(' ', '-')}-${n++}`; return load.send('inquiry', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: inquiry(key) }).then(note); };
    const token = () => load.send('token', '/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${clientId}` }).then(note);
    const kinds = [write, token, () => load.send('cached read', '/api/v1/projects'), () => load.send('healthz', '/healthz'), write];
    let stop: () => void = () => {};
    const running = drive(4, new Promise<void>((resolve) => (stop = resolve)), async (index, round) => void (await kinds[(index + round) % kinds.length]!()));
    try {
      if (inject) {
        load.phase = `${name}: before`;
        await sleep(500);
        inject();
      }
      load.phase = `${name}: fault`;
      await sleep(2500);
      repair();
      load.phase = `${name}: repaired`;
      const repairedAt = Date.now();
      for (;;) {
        const [w, t] = await Promise.all([write(), token()]);
        if (w.outcome === 201 && t.outcome === 200) break;
        assert.ok(Date.now() - repairedAt < 15_000, `writes did not come back within 15 s of the repair (last: ${w.outcome} ${w.body.slice(0, 200)})`);
        await sleep(100);
      }
      const recoveredMs = Date.now() - repairedAt;
      load.phase = `${name}: after`;
      await sleep(1000);
      return { recoveredMs, badRetryAfter };
    } finally {
      stop();
      await running;
    }
  }

  function assertSurvived(name: string, badRetryAfter: number): void {
    const fault = (kind: string, outcome: (o: number | string) => boolean) => load.count({ phase: `${name}: fault`, kind, outcome: outcome as never });
    const errors = server.lines.filter((line) => ((line as unknown as { level?: number }).level ?? 0) >= 50);
    assert.equal(load.failures(), 0, `no 500, no hang, no refused connection; errors logged: ${JSON.stringify(errors).slice(0, 1500)}`);
    assert.deepEqual(load.violations, [], 'every answer matches /openapi.json');
    assert.equal(badRetryAfter, 0, 'every 503 carries Retry-After');
    assert.ok(fault('inquiry', (o) => o === 503) > 0, 'writes answered 503 while the fault lasted (otherwise it did not bite)');
    assert.equal(fault('inquiry', (o) => o !== 503 && o !== 201), 0, 'a write is stored (201) or refused with 503, nothing else');
    assert.equal(fault('cached read', (o) => o !== 200), 0, 'cached reads kept answering');
    assert.equal(fault('healthz', (o) => o !== 200), 0, '/healthz stayed up');
    assert.equal(load.count({ phase: `${name}: after`, outcome: (o) => o === 503 }), 0, 'nothing answers 503 once repaired');
    assert.equal(server.child.exitCode, null, 'the process never exited');
    const logged = server.lines.filter((line) => line.msg === 'database unavailable: answered 503') as { reason?: string }[];
    assert.ok(logged.length > 0, 'the log says the database was unavailable');
    const refusals = load.count({ phase: `${name}: fault`, outcome: (o) => o === 503 });
    assert.ok(logged.length <= Math.max(1, refusals / 2), `one line per 10 s, not one per refused request (${logged.length} lines for ${refusals} refusals)`);
    console.log(`  log: ${logged.length} "database unavailable: answered 503" lines, reasons ${[...new Set(logged.map((l) => l.reason))].join(', ')}`);
    server.lines.length = 0;
  }

  test('a full disk: writes and tokens answer 503 with Retry-After, reads keep answering, writes resume when space is freed', { timeout: 60_000 }, async () => {
    let filled = 0;
    const { recoveredMs, badRetryAfter } = await underFault('disk full', () => (filled = disk.fill()), () => disk.free());
    console.log(load.report(`fault: the filesystem under the SQLite database full (a ${(filled / 1024 / 1024).toFixed(1)} MB filler took the last byte of a 24 MB tmpfs) for 2.5 s under 4 clients (inquiries, tokens, cached reads, /healthz); writes back ${recoveredMs} ms after the filler was deleted`));
    assertSurvived('disk full', badRetryAfter);
  });

  test('a read-only database file at start: the server starts and serves reads, writes and tokens answer 503 with Retry-After, writes resume once the file is writable', { timeout: 60_000 }, async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    chattr('+i');
    await startServer();
    const { recoveredMs, badRetryAfter } = await underFault('read-only', null, () => chattr('-i'));
    console.log(load.report(`fault: the SQLite database file immutable (chattr +i) when the server started, for 2.5 s of 4 clients; writes back ${recoveredMs} ms after chattr -i, without a restart`));
    assertSurvived('read-only', badRetryAfter);
  });
});

/**
 * A start on a full disk fails (nothing can be served without the database file), but it must
 * say which file and why on one line, as a DATABASE_URL problem does: SQLite's own words ("disk
 * I/O error") name no file, and a supervisor's crash loop shows nothing else.
 */
describe('a start on a full disk names the database file', { skip, timeout: 120_000 }, () => {
  let disk: SmallFilesystem;
  before(() => {
    disk = mountSmallFilesystem(4 * 1024 * 1024);
  });
  after(() => disk?.destroy());

  function assertNamesTheFile(stderr: string, database: string): void {
    assert.match(stderr, new RegExp(`^vitrine: failed to start: cannot use the SQLite database ${database} \\(SQLITE_[A-Z_]+[:)].*: the disk may be full, or the file or its folder not writable\n$`));
    assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
  }

  test('an existing database on a disk full to the last byte ("disk I/O error" opening it): npm start exits 1 with one line', async () => {
    const database = join(disk.dir, 'existing.db');
    const store = createStore({ kind: 'sqlite', path: database });
    await store.migrate();
    await store.close();
    disk.fill();
    try {
      const server = startServerProcess({ DATABASE_URL: `sqlite:${database}` });
      onProcessEnd(() => server.cleanup());
      server.listening.catch(() => {});
      assert.equal(await server.exited, 1);
      assertNamesTheFile(server.stderr(), database);
      assert.match(server.stderr(), /SQLITE_IOERR/, 'the case the audit found');
      server.cleanup();
    } finally {
      disk.free();
    }
  });

  test('a new database with too little room for the migrations: `vitrine serve` exits 1 with one line (it used to hang)', async () => {
    const database = join(disk.dir, 'new.db');
    const ballast = join(disk.dir, 'ballast');
    const { bavail, bsize } = statfsSync(disk.dir);
    writeFileSync(ballast, Buffer.alloc(bavail * bsize - 64 * 1024));
    try {
      const run = await cliProcess(['serve'], { DATABASE_URL: `sqlite:${database}`, PORT: '0', LOG_LEVEL: 'silent' });
      assert.equal(run.code, 1, `exited by itself (-1: killed after 60 s): ${run.stderr}`);
      assertNamesTheFile(run.stderr, database);
    } finally {
      rmSync(ballast, { force: true });
    }
  });
});
