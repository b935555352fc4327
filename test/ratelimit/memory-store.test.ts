import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { MemoryRateLimitStore } from '../../src/ratelimit/memory-store.js';

const t0 = Date.parse('2026-06-01T12:00:00Z');

describe('in-memory rate-limit store', () => {
  it('counts hits per key and window, and starts a new window from 1', async () => {
    const clock = new ManualClock(t0);
    const store = new MemoryRateLimitStore({ clock });
    assert.deepEqual([await store.hit('a', t0, 60_000), await store.hit('a', t0, 60_000), await store.hit('b', t0, 60_000)], [1, 2, 1]);
    clock.advance(60_000);
    assert.equal(await store.hit('a', t0 + 60_000, 60_000), 1);
  });

  it('sweeps finished windows as the clock passes', async () => {
    const clock = new ManualClock(t0);
    const store = new MemoryRateLimitStore({ clock, sweepEveryMs: 60_000 });
    for (let i = 0; i < 50; i++) await store.hit(`k${i}`, t0, 60_000);
    assert.equal(store.size, 50);
    clock.advance(120_000);
    await store.hit('fresh', t0 + 120_000, 60_000);
    assert.equal(store.size, 1);
  });

  it('never holds more than maxEntries counters, shedding the oldest first', async () => {
    const clock = new ManualClock(t0);
    const store = new MemoryRateLimitStore({ clock, maxEntries: 100 });
    for (let i = 0; i < 1000; i++) await store.hit(`k${i}`, t0, 3_600_000);
    assert.ok(store.size <= 100, `size ${store.size}`);
    // The newest counters survive and keep counting.
    assert.equal(await store.hit('k999', t0, 3_600_000), 2);
  });
});
