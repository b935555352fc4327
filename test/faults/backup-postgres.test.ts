import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg_ from 'pg';
import { onProcessEnd } from '../helpers/cleanup.js';
import { assertRestoredServes, startInquiryWriters } from '../helpers/backup-load.js';
import { FaultLoad, sleep } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { postgresProgram, skipWithoutInitdb, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

/**
 * Fault: the PostgreSQL database is lost; what is left is a `pg_dump` taken while the server
 * took inquiries. The commands are the ones docs/operations.md gives, run against a throwaway
 * cluster; the restored database must hold every inquiry acknowledged before the dump started,
 * every project, and credentials that still work.
 */
const skip = skipWithoutInitdb();

function program(name: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(postgresProgram(name), args);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, output });
    });
  });
}

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const client = new pg_.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('pg_dump under write load, then pg_restore into a fresh database (PostgreSQL)', { skip, timeout: 180_000 }, () => {
  let pg: ThrowawayPostgres;
  let dir: string;
  const servers: ServerProcess[] = [];
  const start = async (url: string) => {
    const server = startServerProcess({ DATABASE_URL: url, RATE_LIMITS_ENABLED: 'false' });
    servers.push(server);
    onProcessEnd(() => server.cleanup());
    return { server, base: (await server.listening).url! };
  };

  before(async () => {
    pg = await startThrowawayPostgres();
    dir = mkdtempSync(join(tmpdir(), 'vitrine-pgdump-'));
  });
  after(() => {
    for (const server of servers) server.cleanup();
    pg?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('every inquiry acknowledged before the dump started, every project and every credential survive', { timeout: 150_000 }, async (t) => {
    const dump = join(dir, 'vitrine.dump');
    const restoredUrl = pg.url.replace(/\/postgres$/, '/restored');
    const { server, base } = await start(pg.url);
    const load = new FaultLoad(base);
    await load.loadContract();
    const keys = JSON.parse((await load.send('keys', '/api/v1/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).body) as { api_key: string; token: string };

    const writers = startInquiryWriters(load, 'dump', keys.api_key, 'pg_dump');
    const { acknowledged } = writers;
    t.after(() => writers.stop());

    await sleep(800);
    load.phase = 'dump';
    const before = new Map(acknowledged);
    // docs/operations.md, "Backup and restore": the dump is one consistent snapshot (one
    // REPEATABLE READ transaction), taken while the server keeps writing.
    const dumped = await program('pg_dump', ['--format=custom', `--file=${dump}`, pg.url]);
    const duringDump = acknowledged.size - before.size;
    load.phase = 'after';
    await sleep(300);
    await writers.stop();
    assert.equal(dumped.code, 0, dumped.output);

    await query(pg.url, 'CREATE DATABASE restored');
    const restored = await program('pg_restore', ['--no-owner', `--dbname=${restoredUrl}`, dump]);
    assert.equal(restored.code, 0, restored.output);

    const inDump = new Set((await query<{ id: string }>(restoredUrl, 'SELECT id FROM inquiries')).map((r) => r.id));
    const lost = [...before.values()].filter((id) => !inDump.has(id)).length;
    const projectsOf = async (url: string) => (await query<{ slug: string; updated_at: string }>(url, 'SELECT slug, updated_at::text FROM projects ORDER BY slug')).map((r) => `${r.slug}@${r.updated_at}`);
    const liveStored = Number((await query<{ n: string }>(pg.url, 'SELECT count(*) AS n FROM inquiries'))[0]!.n);
    console.log(
      `${load.report('fault: the PostgreSQL database is lost; restored with pg_restore from a pg_dump taken under 6 inquiry writers')}\n` +
        `  ${before.size} inquiries acknowledged before pg_dump started, ${duringDump} while it ran (${acknowledged.size} in all, ${liveStored} in the live database); ` +
        `the restored database holds ${inDump.size}: ${lost} of those acknowledged before the dump lost`,
    );
    assert.ok(before.size > 0 && duringDump > 0, 'inquiries were written before and while pg_dump ran (otherwise this proved nothing)');
    assert.equal(lost, 0, 'every inquiry acknowledged before the dump started is in it');
    assert.ok(inDump.size <= liveStored);
    assert.deepEqual(await projectsOf(restoredUrl), await projectsOf(pg.url), 'every project, as it was');
    assert.equal(load.failures(), 0);
    assert.deepEqual(load.violations, []);

    // A server on the restored database accepts the old credentials and replays an old key.
    server.child.kill('SIGKILL');
    const second = await start(restoredUrl);
    await assertRestoredServes(second.base, keys, before, 'pg_dump');
  });
});
