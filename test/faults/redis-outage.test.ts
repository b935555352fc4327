import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { onProcessEnd } from '../helpers/cleanup.js';
import { FaultLoad, drive, sleep, type Answer } from '../helpers/fault-load.js';
import { startServerProcess, type ServerProcess } from '../helpers/process.js';
import { skipWithoutRedisServer, startThrowawayRedis, type ThrowawayRedis } from '../helpers/throwaway-redis.js';

/**
 * Fault: the Redis that holds the rate-limit counters is killed under load and started again
 * (empty: no persistence). docs/operations.md's policy: reads, writes and MCP are admitted
 * unmetered (fail open); register and auth answer 503 with Retry-After (fail closed).
 */
const skip = skipWithoutRedisServer();
const LIMITS = JSON.stringify({ reads: { q: 100_000, w: 60 }, writes: { q: 100_000, w: 60 }, auth: { q: 100_000, w: 60 }, register: { q: 100_000, w: 600 }, mcp: { q: 5, w: 60 } });
const json = { 'content-type': 'application/json' };
const mcpHeaders = { ...json, accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

describe('Redis outage under load', { skip, timeout: 180_000 }, () => {
  let redis: ThrowawayRedis;
  let server: ServerProcess;
  let base: string;

  before(async () => {
    redis = await startThrowawayRedis();
    server = startServerProcess({ REDIS_URL: redis.url, RATE_LIMITS: LIMITS });
    onProcessEnd(() => server.cleanup());
    base = (await server.listening).url!;
  });
  after(async () => {
    server?.cleanup();
    await redis?.destroy();
  });

  test('reads, writes and MCP fail open, register and token fail closed with 503 + Retry-After, and metering resumes by itself', { timeout: 120_000 }, async (t) => {
    const load = new FaultLoad(base);
    await load.loadContract();
    const register = () => load.send('register', '/oauth/register', { method: 'POST', headers: json, body: JSON.stringify({ client_name: 'redis-outage', token_endpoint_auth_method: 'none' }) });
    const client = JSON.parse((await register()).body) as { client_id: string };
    const metered: Record<string, { yes: number; no: number }> = {};
    // By the phase the request was sent in, as FaultLoad counts it: a read admitted (and metered)
    // just before Redis stopped may be answered after the phase turned to the outage.
    const note = (kind: string, phase: string, answer: Answer) => {
      const row = (metered[`${phase} ${kind}`] ??= { yes: 0, no: 0 });
      if (answer.headers.has('ratelimit')) row.yes++;
      else row.no++;
      if (answer.outcome === 503) assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/, `${kind} 503 without Retry-After`);
    };
    let n = 0;
    const kinds: [string, () => Promise<Answer>][] = [
      ['read', () => load.send('read', '/api/v1/projects?limit=3')],
      ['inquiry', () => load.send('inquiry', '/api/v1/inquiries', { method: 'POST', headers: { ...json, 'idempotency-key': `redis-${n++}` }, body: JSON.stringify({ name: 'Redis Test', email: 'redis@example.com', message: `Sent while Redis may be away, ${n}.` }) })],
      ['token', () => load.send('token', '/oauth/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `grant_type=client_credentials&client_id=${client.client_id}` })],
      ['register', register],
    ];
    let finish: () => void = () => {};
    const running = drive(4, new Promise<void>((resolve) => (finish = resolve)), async (index, round) => {
      const [kind, send] = kinds[(index + round) % kinds.length]!;
      const phase = load.phase;
      note(kind, phase, await send());
    });
    t.after(async () => {
      finish();
      await running;
    });

    await sleep(1000);
    await redis.stop();
    load.phase = 'outage';
    // MCP fails open too: far past its quota of 5, every call is admitted.
    const mcpDuringOutage = await Promise.all(Array.from({ length: 8 }, (_, i) => load.send('mcp', '/mcp', { method: 'POST', headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' }) })));
    await sleep(3000);
    await redis.start();
    load.phase = 'restarting';
    const restartedAt = Date.now();
    for (;;) {
      const [read, token] = await Promise.all([kinds[0]![1](), kinds[2]![1]()]);
      if (read.headers.has('ratelimit') && token.outcome === 200) break;
      assert.ok(Date.now() - restartedAt < 15_000, 'metering did not resume within 15 s of Redis coming back');
      await sleep(100);
    }
    const resumedInMs = Date.now() - restartedAt;
    load.phase = 'after';
    await sleep(1000);
    // Limits hold again: the sixth MCP call of the window is refused.
    const mcpAfter: Answer[] = [];
    for (let i = 0; i < 12; i++) mcpAfter.push(await load.send('mcp', '/mcp', { method: 'POST', headers: mcpHeaders, body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/list' }) }));
    finish();
    await running;

    const rows = Object.entries(metered).map(([k, v]) => `  ${k}: ${v.yes} metered, ${v.no} unmetered`).join('\n');
    console.log(`${load.report(`fault: Redis (rate-limit counters) killed for 3 s under 4 concurrent clients (reads, inquiries, tokens, registrations); metering resumed ${resumedInMs} ms after it came back`)}\n${rows}`);
    const outage = (kind: string, outcome: (o: number | string) => boolean) => load.count({ phase: 'outage', kind, outcome: outcome as never });
    assert.equal(load.failures(), 0, 'no 500, no hang, no refused connection');
    assert.deepEqual(load.violations, []);
    assert.ok(outage('read', () => true) > 5 && outage('read', (o) => o !== 200) === 0, 'reads are admitted (fail open)');
    assert.ok(outage('inquiry', () => true) > 5 && outage('inquiry', (o) => o !== 201) === 0, 'writes are admitted (fail open)');
    assert.deepEqual(mcpDuringOutage.map((a) => a.outcome), Array(8).fill(200), 'MCP is admitted past its quota (fail open)');
    assert.ok(outage('token', () => true) > 5 && outage('token', (o) => o !== 503) === 0, 'tokens fail closed: 503');
    assert.ok(outage('register', () => true) > 5 && outage('register', (o) => o !== 503) === 0, 'registration fails closed: 503');
    assert.equal(metered['outage read']?.yes, 0, 'unmetered answers carry no RateLimit fields');
    assert.equal(metered['after read']?.no, 0, 'every read is metered again');
    assert.equal(load.count({ phase: 'after', outcome: (o) => o === 503 }), 0);
    const afterOutcomes = mcpAfter.map((a) => a.outcome);
    assert.ok(afterOutcomes.includes(200) && afterOutcomes.includes(429), `the mcp quota is enforced again: ${afterOutcomes.join(',')}`);
    assert.ok(server.lines.some((line) => line.msg.startsWith('rate-limit store failed')), 'the failure is logged');
    assert.equal(server.child.exitCode, null);
  });
});
