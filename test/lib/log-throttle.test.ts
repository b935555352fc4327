import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LogThrottle } from '../../src/lib/log-throttle.js';

describe('LogThrottle: one line per interval for a failure every request meets', () => {
  it('logs the first at once, leaves out the rest of the interval, and tells how many it left out', () => {
    let now = 1_000;
    const throttle = new LogThrottle(10_000, () => now);
    const lines: number[] = [];
    for (let i = 0; i < 50; i++) {
      throttle.run((suppressed) => lines.push(suppressed));
      now += 100; // 50 failures over 5 s
    }
    assert.deepEqual(lines, [0]);
    now = 11_000;
    throttle.run((suppressed) => lines.push(suppressed));
    assert.deepEqual(lines, [0, 49]);
  });
});
