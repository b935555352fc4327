import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { RedisRateLimitStore } from '../../src/ratelimit/redis-store.js';
import { deleteRedisPrefix, skipWithoutRedis, TEST_REDIS_URL, uniqueRedisPrefix } from '../helpers/redis.js';
import { skipWithoutRedisServer, startThrowawayRedis } from '../helpers/throwaway-redis.js';

const t0 = Date.parse('2026-06-01T12:00:00Z');

describe('Redis rate-limit store (real Redis)', { skip: await skipWithoutRedis() }, () => {
  const prefix = uniqueRedisPrefix();
  const store = new RedisRateLimitStore({ url: TEST_REDIS_URL, keyPrefix: prefix });
  after(async () => {
    await store.close();
    await deleteRedisPrefix(prefix);
  });

  it('counts hits per key and window; a new window is a new counter', async () => {
    assert.deepEqual([await store.hit('a', t0, 60_000), await store.hit('a', t0, 60_000), await store.hit('b', t0, 60_000)], [1, 2, 1]);
    assert.equal(await store.hit('a', t0 + 60_000, 60_000), 1);
  });

  it('is exact under concurrency: 50 parallel hits see 1…50 once each', async () => {
    const counts = await Promise.all(Array.from({ length: 50 }, () => store.hit('burst', t0, 60_000)));
    assert.deepEqual([...counts].sort((x, y) => x - y), Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('stores keys under the configured prefix with an expiry, so Redis memory is reclaimed', async () => {
    await store.hit('ttl', t0, 60_000);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const ttl = await redis.pttl(`${prefix}ttl:${t0}`);
      assert.ok(ttl > 60_000 && ttl <= 120_000, `pttl ${ttl}`);
    } finally {
      redis.disconnect();
    }
  });

  it('two stores (two instances) share one counter', async () => {
    const other = new RedisRateLimitStore({ url: TEST_REDIS_URL, keyPrefix: prefix });
    try {
      assert.equal(await store.hit('shared', t0, 60_000), 1);
      assert.equal(await other.hit('shared', t0, 60_000), 2);
    } finally {
      await other.close();
    }
  });

  it('when Redis could not be reached at start, later commands fail at once rather than queue behind the reconnects', async () => {
    const dead = new RedisRateLimitStore({ url: 'redis://127.0.0.1:1', keyPrefix: prefix });
    try {
      // The first command waits for the first connection attempt, and fails with it.
      await assert.rejects(dead.hit('x', t0, 60_000));
      // Later ones are refused by the store itself, without waiting on ioredis's queue (which
      // answered each after the next failed reconnect or the 1 s command timeout).
      for (let i = 0; i < 5; i++) await assert.rejects(dead.hit('x', t0, 60_000), /^Error: redis is (reconnecting|connecting|close|end)/);
    } finally {
      await dead.close();
    }
  });

  it('rejects (rather than hangs) when Redis is unreachable', async () => {
    const dead = new RedisRateLimitStore({ url: 'redis://127.0.0.1:1', keyPrefix: prefix });
    try {
      await assert.rejects(dead.hit('x', t0, 60_000));
    } finally {
      await dead.close();
    }
  });
});

describe('a Redis that hangs (SIGSTOP): one command at a time waits, the rest fail at once', { skip: skipWithoutRedisServer() }, () => {
  it('after a command times out, concurrent ones are refused at once; metering resumes when Redis answers', async () => {
    const redis = await startThrowawayRedis();
    const store = new RedisRateLimitStore({ url: redis.url, keyPrefix: 'hang:', commandTimeoutMs: 300 });
    try {
      assert.equal(await store.hit('k', t0, 60_000), 1);
      redis.pause();
      await assert.rejects(store.hit('k', t0, 60_000), /timed out/i);
      // Before, each of these waited out the timeout in turn; now one probes and the others fail at once.
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => store.hit('k', t0, 60_000)));
      const reasons = results.map((r) => (r.status === 'rejected' ? String((r.reason as Error).message) : 'answered'));
      assert.equal(reasons.filter((m) => /timed out/i.test(m) && !/not answering/.test(m)).length, 1, reasons.join(' | '));
      assert.equal(reasons.filter((m) => /not answering/.test(m)).length, 5, reasons.join(' | '));
      redis.resume();
      let answered: number | undefined;
      for (let i = 0; i < 50 && answered === undefined; i++) {
        answered = await store.hit('k', t0, 60_000).catch(() => undefined);
        if (answered === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      assert.ok(answered !== undefined && answered >= 2, 'metering resumes');
      assert.equal(typeof (await store.hit('k', t0, 60_000)), 'number', 'and stays');
    } finally {
      await store.close();
      await redis.destroy();
    }
  });
});
