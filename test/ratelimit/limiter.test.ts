import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RATE_LIMITS } from '../../src/config.js';
import { ManualClock } from '../../src/lib/clock.js';
import { RateLimiter } from '../../src/ratelimit/limiter.js';
import { MemoryRateLimitStore } from '../../src/ratelimit/memory-store.js';
import type { RateLimitStore } from '../../src/ratelimit/store.js';

const t0 = Date.parse('2026-06-01T12:00:00Z');
const silent = { error: () => undefined };
const policies = { ...DEFAULT_RATE_LIMITS, reads: { q: 2, w: 60 } };

describe('RateLimiter.checkNow (the synchronous path of in-process stores)', () => {
  it('spends the same counter as check and reaches the same decisions', async () => {
    const clock = new ManualClock(t0);
    const limiter = new RateLimiter({ store: new MemoryRateLimitStore({ clock }), policies, clock, logger: silent });
    const first = limiter.checkNow('reads', 'ip:1');
    const second = await limiter.check('reads', 'ip:1');
    const third = limiter.checkNow('reads', 'ip:1');
    assert.equal(first?.kind, 'admitted');
    assert.equal(second.kind, 'admitted');
    assert.equal(third?.kind, 'limited', 'the third request of a 2-per-window policy is over the quota, whichever method counted');
  });

  it('answers null for a store that can only answer asynchronously (Redis, PostgreSQL)', () => {
    const clock = new ManualClock(t0);
    const remote: RateLimitStore = { kind: 'redis', hit: async () => 1, close: async () => undefined };
    const limiter = new RateLimiter({ store: remote, policies, clock, logger: silent });
    assert.equal(limiter.checkNow('reads', 'ip:1'), null);
  });

  it('fails open for reads when the synchronous store throws, like check', () => {
    const clock = new ManualClock(t0);
    const broken: RateLimitStore = {
      kind: 'memory',
      hit: async () => {
        throw new Error('down');
      },
      hitNow: () => {
        throw new Error('down');
      },
      close: async () => undefined,
    };
    const limiter = new RateLimiter({ store: broken, policies, clock, logger: silent });
    assert.deepEqual(limiter.checkNow('reads', 'ip:1'), { kind: 'unmetered' });
    assert.deepEqual(limiter.checkNow('register', 'ip:1'), { kind: 'unavailable' });
  });
});
