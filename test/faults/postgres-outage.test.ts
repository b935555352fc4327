import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg_ from 'pg';
import { onProcessEnd } from '../helpers/cleanup.js';
import { FaultLoad, drive, sleep, type Answer } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { skipWithoutRedis, TEST_REDIS_URL, deleteRedisPrefix, uniqueRedisPrefix } from '../helpers/redis.js';
import { skipWithoutInitdb, startThrowawayPostgres, type ThrowawayPostgres } from '../helpers/throwaway-postgres.js';

/**
 * Fault: the PostgreSQL server stops (pg_ctl stop -m fast) under mixed load and comes back.
 * Rate-limit counters live in Redis here, so writes and token requests reach the database and
 * it is the database's outage they answer for.
 */
const skip = skipWithoutInitdb() || (await skipWithoutRedis());
const LIMITS = JSON.stringify({ reads: { q: 100_000, w: 60 }, writes: { q: 100_000, w: 60 }, auth: { q: 100_000, w: 60 }, register: { q: 1000, w: 600 }, mcp: { q: 100_000, w: 60 } });
const inquiry = (key: string) => JSON.stringify({ name: 'Outage Test', email: 'outage@example.com', message: `Sent under a database outage, key ${key}.` });

describe('PostgreSQL outage under mixed load', { skip, timeout: 180_000 }, () => {
  let pg: ThrowawayPostgres;
  let server: ServerProcess;
  let base: string;
  const prefix = uniqueRedisPrefix();

  before(async () => {
    pg = await startThrowawayPostgres();
    server = startServerProcess({ DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMITS: LIMITS,  DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_QUERY_TIMEOUT_MS: '3000' });
    onProcessEnd(() => server.cleanup());
    base = (await server.listening).url!;
  });
  after(async () => {
    server?.cleanup();
    pg?.destroy();
    await deleteRedisPrefix(prefix);
  });

  test('cached reads answer, writes and tokens get 503 with Retry-After, /readyz fails, /healthz stays up, and it all recovers without a restart', { timeout: 120_000 }, async (t) => {
    const load = new FaultLoad(base);
    await load.loadContract();
    const client = JSON.parse((await load.send('register', '/oauth/register', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'outage', token_endpoint_auth_method: 'none' }) })).body) as { client_id: string };
    const cachedPaths = ['/api/v1/projects', '/api/v1/projects?limit=5', '/api/v1/facets'];
    const slug = (JSON.parse((await load.send('warm', '/api/v1/projects?limit=1')).body) as { data: { slug: string }[] }).data[0]!.slug;
    cachedPaths.push(`/api/v1/projects/${slug}`);
    for (const path of cachedPaths) assert.equal((await load.send('warm', path)).outcome, 200);

    const badRetryAfter: string[] = [];
    const expect503 = (kind: string, answer: Answer) => {
      if (answer.outcome === 503 && !/^\d+$/.test(answer.headers.get('retry-after') ?? '')) badRetryAfter.push(kind);
    };
    let n = 0;
    const kinds: [string, () => Promise<Answer>][] = [
      ['cached read', () => load.send('cached read', cachedPaths[n++ % cachedPaths.length]!)],
      ['uncached search', () => load.send('uncached search', `/api/v1/projects?q=never-asked-${n++}`)],
      ['inquiry', () => { const key = `pg-outage-${n++}-${Math.random()}`; return load.send('inquiry', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: inquiry(key) }); }],
      ['token', () => load.send('token', '/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${client.client_id}` })],
      ['readyz', () => load.send('readyz', '/readyz')],
      ['healthz', () => load.send('healthz', '/healthz')],
    ];
    let outageOver: () => void = () => {};
    const stopLoad = new Promise<void>((resolve) => (outageOver = resolve));
    const running = drive(6, stopLoad, async (index, round) => {
      const [kind, send] = kinds[(index + round) % kinds.length]!;
      expect503(kind, await send());
    });
    t.after(async () => {
      outageOver();
      await running;
    });

    await sleep(1500);
    pg.stop();
    load.phase = 'outage';
    await sleep(4000);
    load.phase = 'restarting';
    pg.start();
    const restartedAt = Date.now();
    // Within seconds, without restarting vitrine: a write and a token succeed again.
    for (;;) {
      const [write, token] = await Promise.all([kinds[2]![1](), kinds[3]![1]()]);
      if (write.outcome === 201 && token.outcome === 200) break;
      assert.ok(Date.now() - restartedAt < 15_000, 'writes and tokens did not recover within 15 s of the database coming back');
      await sleep(100);
    }
    const recoveredInMs = Date.now() - restartedAt;
    load.phase = 'after';
    await sleep(1500);
    outageOver();
    await running;

    console.log(load.report(`fault: PostgreSQL stopped for 4 s under 6 concurrent clients (mixed reads, searches, inquiries, tokens, probes); recovered ${recoveredInMs} ms after it came back`));
    const outage = (kind: string, outcome: (o: number | string) => boolean) => load.count({ phase: 'outage', kind, outcome: outcome as never });
    assert.equal(load.failures(), 0, 'no 500, no hang, no refused connection');
    assert.deepEqual(load.violations, [], 'every answer matches /openapi.json');
    assert.deepEqual(badRetryAfter, [], 'every 503 carries Retry-After');
    assert.ok(outage('cached read', () => true) > 10 && outage('cached read', (o) => o !== 200) === 0, 'cached reads kept answering 200');
    for (const kind of ['inquiry', 'token', 'readyz']) {
      assert.ok(outage(kind, (o) => o === 503) > 0, `${kind} answered 503 during the outage`);
      assert.equal(outage(kind, (o) => o !== 503), 0, `${kind} answered nothing but 503 during the outage`);
    }
    assert.ok(outage('uncached search', (o) => o === 503) > 0, 'an uncached search needs the database: 503');
    assert.equal(outage('healthz', (o) => o !== 200), 0, '/healthz stayed up');
    assert.ok(load.count({ phase: 'after', kind: 'inquiry', outcome: (o) => o === 201 }) > 0, 'writes work again after the restart');
    assert.equal(load.count({ phase: 'after', outcome: (o) => o === 503 }), 0, 'nothing answers 503 once recovered');
    assert.equal(server.child.exitCode, null, 'the vitrine process never exited');
  });
});

describe('PostgreSQL crash in the middle of inquiry transactions', { skip, timeout: 180_000 }, () => {
  let pg: ThrowawayPostgres;
  let server: ServerProcess;
  let base: string;
  const prefix = uniqueRedisPrefix();

  before(async () => {
    pg = await startThrowawayPostgres();
    // A claim left in flight by a transaction the crash cut off may be taken over after 2 s.
    server = startServerProcess({ DATABASE_URL: pg.url, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix, RATE_LIMITS: LIMITS, IDEMPOTENCY_LOCK_SECONDS: '2', DATABASE_CONNECT_TIMEOUT_MS: '2000', DATABASE_QUERY_TIMEOUT_MS: '3000' });
    onProcessEnd(() => server.cleanup());
    base = (await server.listening).url!;
  });
  after(async () => {
    server?.cleanup();
    pg?.destroy();
    await deleteRedisPrefix(prefix);
  });

  test('each client that retries with the same Idempotency-Key ends with exactly one inquiry', { timeout: 120_000 }, async () => {
    const load = new FaultLoad(base);
    await load.loadContract();
    const acknowledged = new Map<string, string>();
    const interrupted = new Set<string>();
    let crashDone: () => void = () => {};
    const stop = new Promise<void>((resolve) => (crashDone = resolve));
    let next = 0;
    const writers = drive(8, stop, async () => {
      const key = `crash-${next++}`;
      // Retry until the inquiry is acknowledged, as a careful client does: same key, same body.
      for (let attempt = 0; ; attempt++) {
        const answer = await load.send(attempt === 0 ? 'first attempt' : 'retry', '/api/v1/inquiries', { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: inquiry(key) });
        if (answer.outcome === 201) {
          const id = (JSON.parse(answer.body) as { id: string }).id;
          assert.equal(acknowledged.get(key) ?? id, id, 'a replay names the inquiry the first success did');
          acknowledged.set(key, id);
          return;
        }
        interrupted.add(key);
        if (answer.outcome === 'refused') assert.fail(`vitrine is gone (exit ${server.child.exitCode}): ${server.stderr()}`);
        assert.ok(attempt < 400, `key ${key} never succeeded; last answer ${answer.outcome} ${answer.body.slice(0, 300)}`);
        await sleep(100);
      }
    });
    try {
      await sleep(1000);
      load.phase = 'crash';
      pg.crash();
      await sleep(1000);
      pg.start();
      load.phase = 'after';
      await sleep(1000);
    } finally {
      crashDone();
      await writers;
    }

    const db = new pg_.Client({ connectionString: pg.url });
    await db.connect();
    const { rows } = await db.query<{ message: string; id: string }>(`SELECT message, id FROM inquiries WHERE message LIKE 'Sent under a database outage, key crash-%'`);
    await db.end();
    const stored = new Map<string, string[]>();
    for (const row of rows) {
      const key = /key (crash-\d+)\./.exec(row.message)![1]!;
      stored.set(key, [...(stored.get(key) ?? []), row.id]);
    }
    const duplicates = [...stored.values()].filter((ids) => ids.length > 1).length;
    const lost = [...acknowledged].filter(([key, id]) => stored.get(key)?.[0] !== id).length;
    console.log(load.report(`fault: PostgreSQL killed (pg_ctl -m immediate) under 8 inquiry writers, restarted 1 s later; ${acknowledged.size} keys acknowledged, ${interrupted.size} of them interrupted and retried, ${rows.length} rows stored, ${duplicates} duplicates, ${lost} lost`));
    assert.ok(interrupted.size > 0, 'the crash interrupted at least one inquiry (otherwise this proved nothing)');
    assert.equal(load.failures(), 0, 'an error (503) or a 201, never a 500, a hang or a refused connection');
    assert.deepEqual(load.violations, []);
    assert.equal(duplicates, 0, 'no key stored twice');
    assert.equal(lost, 0, 'every acknowledged inquiry is stored, under the id it was acknowledged with');
    assert.equal(rows.length, acknowledged.size, 'exactly one inquiry per key, none unacknowledged');
  });
});
