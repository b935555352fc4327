import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import pgModule from 'pg';
import { DEMO_CATALOG_PATH } from '../../src/catalog/data-files.js';
import { runCli } from '../../src/cli/run.js';
import { onProcessEnd } from '../helpers/cleanup.js';
import { FaultLoad, sleep, type Answer } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { deleteRedisPrefix, skipWithoutRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../helpers/redis.js';
import { skipWithoutInitdb, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

/**
 * Fault: PostgreSQL hangs. Its postmaster and every backend get SIGSTOP: connections stay open,
 * the kernel still accepts new ones, nothing answers — unlike a stopped server
 * (postgres-outage.test.ts), which refuses at once. Two instances share the cluster: one counts
 * rate limits in Redis, one in PostgreSQL (no REDIS_URL), so both paths a cached read takes are
 * covered. The driver's own timeouts are left at their defaults (15 s a statement, 16 s before
 * the client gives up, 5 s to connect), which is what a cached read and /readyz used to wait.
 */
const skip = skipWithoutInitdb() || (await skipWithoutRedis());
/** What a cached read and /readyz must answer within while the database hangs; the old code took 16 s. */
const BOUND_MS = 5000;
/** What a write may wait for its 503: the driver's query timeout (15 s) and the client's extra second, with room. */
const WRITE_BOUND_MS = 25_000;
const SLUG = 'atlas-regional-trip-planner';
const CACHED = ['/api/v1/projects?limit=2', `/api/v1/projects/${SLUG}`, `/projects/${SLUG}`];
const inquiry = (key: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ name: 'Hang Test', email: 'hang@example.com', message: `Sent while the database hangs, key ${key}.` }) });

interface Timed extends Answer {
  ms: number;
  /** whether the answer came while the database was still stopped */
  duringHang: boolean;
}

describe('PostgreSQL hangs (SIGSTOP), with rate-limit counters in Redis and in PostgreSQL', { skip, timeout: 240_000 }, () => {
  let pg: ThrowawayPostgres;
  const servers: { name: string; process: ServerProcess; load: FaultLoad; writes: FaultLoad }[] = [];
  const prefix = uniqueRedisPrefix();
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-hang-'));
  let hanging = false;

  before(async () => {
    pg = await startThrowawayPostgres();
    for (const [name, env] of [
      ['counters in Redis', { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix }],
      ['counters in PostgreSQL', {}],
    ] as const) {
      const child = startServerProcess({ DATABASE_URL: pg.url, ...env });
      onProcessEnd(() => child.cleanup());
      servers.push({ name, process: child, load: null as never, writes: null as never });
    }
    for (const server of servers) {
      const base = (await server.process.listening).url!;
      server.load = new FaultLoad(base, BOUND_MS);
      server.writes = new FaultLoad(base, WRITE_BOUND_MS);
      await server.load.loadContract();
      await server.writes.loadContract();
    }
  });
  after(async () => {
    // Whatever failed: the cluster runs again before it is stopped, and nothing outlives the test.
    pg?.resume();
    for (const server of servers) server.process.cleanup();
    pg?.destroy();
    rmSync(dir, { recursive: true, force: true });
    await deleteRedisPrefix(prefix);
  });

  /** `load.send`, timed, noting whether the answer came before the database was resumed. */
  async function timed(load: FaultLoad, kind: string, path: string, init?: RequestInit): Promise<Timed> {
    const started = performance.now();
    const answer = await load.send(kind, path, init);
    return { ...answer, ms: Math.round(performance.now() - started), duringHang: hanging };
  }

  test('cached reads answer 200 and /readyz 503 within seconds, writes 503 after their own timeouts, and it all recovers without a restart', { timeout: 200_000 }, async () => {
    for (const { load } of servers) {
      for (const path of [...CACHED, '/readyz']) assert.equal((await load.send('warm', path)).outcome, 200, `warm ${path}`);
    }
    const listed = (JSON.parse((await servers[0]!.load.send('warm', CACHED[0]!)).body) as { data: { slug: string }[] }).data[0]!.slug;

    pg.pause();
    hanging = true;
    const pausedAt = Date.now();
    for (const server of servers) server.load.phase = server.writes.phase = 'hang';
    // A write on each instance, started as the database stops: it waits out the driver's timeouts.
    const keys = servers.map((_, i) => `hang-${i}-${Date.now()}`);
    const writes = servers.map(({ writes }, i) => timed(writes, 'inquiry', '/api/v1/inquiries', inquiry(keys[i]!)));
    // Past CATALOG_VERSION_CHECK_MS (1 s): the cache must ask the database whether it is current.
    await sleep(1500);

    const rounds: Record<string, Timed[]> = {};
    for (const round of ['first', 'second']) {
      const asked = servers.flatMap(({ name, load }) => [...CACHED.map((path) => [name, 'cached read', path] as const), [name, 'readyz', '/readyz'] as const].map(([n, kind, path]) => timed(load, kind, path).then((answer) => ({ n, kind, path, answer }))));
      for (const { n, kind, path, answer } of await Promise.all(asked)) {
        (rounds[`${n} ${kind}`] ??= []).push(answer);
        assert.notEqual(answer.outcome, 'hang', `${n}: ${path} (${round} round) had no answer within ${BOUND_MS} ms while the database hung`);
        assert.equal(answer.outcome, kind === 'readyz' ? 503 : 200, `${n}: ${path} (${round} round)`);
        assert.ok(answer.duringHang, 'answered before the database was resumed');
        if (kind === 'readyz') assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/, '/readyz says when to look again');
      }
      // More probes and reads at once than the pool has connections: none of them waits on another.
      const burst = await Promise.all(
        servers.flatMap(({ load }) =>
          Array.from({ length: 15 }, (_, i) => {
            const probe = i % 3 === 0;
            return timed(load, probe ? 'readyz' : 'cached read', probe ? '/readyz' : CACHED[i % CACHED.length]!).then((answer) => ({ expected: probe ? 503 : 200, answer }));
          }),
        ),
      );
      const unexpected = burst.filter(({ expected, answer }) => answer.outcome !== expected || !answer.duringHang).map(({ answer }) => answer.outcome);
      assert.deepEqual(unexpected, [], `a burst of ${burst.length} cached reads and probes (more than the pool's 10 connections) answered 200 and 503 within ${BOUND_MS} ms`);
      await sleep(2000);
    }

    const written = await Promise.all(writes);
    for (const [i, answer] of written.entries()) {
      assert.equal(answer.outcome, 503, `${servers[i]!.name}: a write during the hang answers 503 (${answer.body.slice(0, 200)})`);
      assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/, 'with Retry-After');
      assert.ok(answer.duringHang, 'before the database was resumed');
    }

    pg.resume();
    hanging = false;
    const resumedAt = Date.now();
    const hungForMs = resumedAt - pausedAt;
    for (const server of servers) server.load.phase = server.writes.phase = 'after';
    // Without a restart: ready, writing, and serving a catalog change, within seconds.
    for (const [i, { name, load }] of servers.entries()) {
      for (;;) {
        const [ready, write] = await Promise.all([timed(load, 'readyz', '/readyz'), timed(load, 'inquiry', '/api/v1/inquiries', inquiry(`after-${i}-${Date.now()}`))]);
        if (ready.outcome === 200 && write.outcome === 201) break;
        assert.ok(Date.now() - resumedAt < 20_000, `${name}: not ready and writing within 20 s of the database resuming (${ready.outcome}, ${write.outcome})`);
        await sleep(200);
      }
    }
    const recoveredInMs = Date.now() - resumedAt;
    // A 503 after a timeout does not say the write was not made: its statement may have reached the
    // server and committed once it resumed. A retry with the same Idempotency-Key settles it.
    const retried: string[] = [];
    for (const [i, { name, writes }] of servers.entries()) {
      const retry = await timed(writes, 'retry with the same key', '/api/v1/inquiries', inquiry(keys[i]!));
      assert.equal(retry.outcome, 201, `${name}: the retry of the write that answered 503 (${retry.body.slice(0, 200)})`);
      retried.push(retry.headers.get('idempotent-replayed') === 'true' ? 'the retry replayed it: the 503 write had committed after SIGCONT' : 'the retry wrote it');
    }
    const db = new pgModule.Client({ connectionString: pg.url });
    await db.connect();
    const stored = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM inquiries WHERE message = ANY($1)", [keys.map((key) => `Sent while the database hangs, key ${key}.`)]);
    await db.end();
    assert.equal(stored.rows[0]!.n, keys.length, 'one inquiry per key, never two');
    const catalog = JSON.parse(readFileSync(DEMO_CATALOG_PATH, 'utf8')) as { projects: { slug: string; title: string }[] };
    // The project the cached page and project read show, and the first of the cached list.
    const renamed = (slug: string) => ({ ...catalog.projects.find((p) => p.slug === slug)!, title: `${slug}, renamed after the database hung` });
    const changed = [...new Set([SLUG, listed])].map(renamed);
    const file = join(dir, 'catalog.json');
    writeFileSync(file, JSON.stringify({ projects: changed }));
    let out = '';
    const code = await runCli(['import', file], { env: { DATABASE_URL: pg.url, LOG_LEVEL: 'silent' }, stdout: { write: (s: string) => ((out += s), true) }, stderr: { write: (s: string) => ((out += s), true) } });
    assert.equal(code, 0, out);
    for (const { name, load } of servers) {
      for (const [path, title] of [[CACHED[0]!, changed.at(-1)!.title], [CACHED[1]!, changed[0]!.title], [CACHED[2]!, changed[0]!.title]] as const) {
        const deadline = Date.now() + 10_000;
        let answer = await timed(load, 'fresh read', path);
        while (!answer.body.includes(title) && Date.now() < deadline) {
          await sleep(200);
          answer = await timed(load, 'fresh read', path);
        }
        assert.equal(answer.outcome, 200);
        assert.ok(answer.body.includes(title), `${name}: ${path} shows the change written after the database resumed`);
      }
    }

    const slowest = (key: string) => Math.max(...(rounds[key] ?? []).map((a) => a.ms));
    for (const [i, { name, load, writes }] of servers.entries()) {
      const timings = `slowest cached read ${slowest(`${name} cached read`)} ms, slowest /readyz ${slowest(`${name} readyz`)} ms (rounds at 1.5 s and ~4 s), a write started with the hang: ${written[i]!.outcome} after ${written[i]!.ms} ms, ${retried[i]}`;
      console.log(load.report(`fault: PostgreSQL hung (SIGSTOP) for ${(hungForMs / 1000).toFixed(1)} s, ${name}: ${timings}; ready and writing again ${recoveredInMs} ms after SIGCONT`));
      console.log(writes.report(`${name}: the write started as the database stopped`));
      assert.equal(load.failures() + writes.failures(), 0, `${name}: no 500, no hang, no refused connection`);
      assert.deepEqual([...load.violations, ...writes.violations], [], 'every answer matches /openapi.json');
      assert.equal(load.count({ phase: 'after', kind: 'fresh read', outcome: (o) => o !== 200 }), 0);
    }
    for (const { process } of servers) assert.equal(process.child.exitCode, null, 'no vitrine process exited');
  });
});
