import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { decide, secondsUntilReset, windowAt } from '../../src/ratelimit/fixed-window.js';

const policy = { q: 3, w: 60 };
const t0 = Date.parse('2026-06-01T12:00:00Z');

describe('fixed-window counting', () => {
  it('aligns windows to multiples of w since the epoch', () => {
    assert.deepEqual(windowAt(t0 + 19_000, policy), { startMs: t0, endMs: t0 + 60_000 });
    assert.deepEqual(windowAt(t0 + 60_000, policy), { startMs: t0 + 60_000, endMs: t0 + 120_000 });
  });

  it('admits exactly q requests per window and counts remaining down to 0', () => {
    const window = windowAt(t0, policy);
    assert.deepEqual([1, 2, 3, 4].map((n) => decide(n, policy, window, t0)).map((d) => [d.allowed, d.remaining]), [
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
  });

  it('rounds the reset up to whole seconds and never says 0', () => {
    const window = windowAt(t0, policy);
    assert.equal(decide(1, policy, window, t0 + 18_500).resetSeconds, 42);
    assert.equal(decide(1, policy, window, t0 + 59_999).resetSeconds, 1);
    assert.equal(secondsUntilReset(t0, policy), 60);
    assert.equal(secondsUntilReset(t0 + 59_001, policy), 1);
  });
});
