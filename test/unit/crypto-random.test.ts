import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cryptoRandom } from '../../src/lib/clock.js';

describe('cryptoRandom (pooled)', () => {
  it('hands out the sizes asked for, never the same bytes twice, across pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = [9, 12, 16, 32, 33][i % 5]!;
      const bytes = cryptoRandom.bytes(n);
      assert.equal(bytes.length, n);
      const hex = bytes.toString('hex');
      assert.ok(!seen.has(hex), 'a repeated draw');
      seen.add(hex);
    }
    assert.equal(cryptoRandom.bytes(1000).length, 1000);
  });

  it('gives each caller its own copy: overwriting one draw changes no other', () => {
    const a = cryptoRandom.bytes(16);
    const before = a.toString('hex');
    const b = cryptoRandom.bytes(16);
    b.fill(0);
    assert.equal(a.toString('hex'), before);
  });
});
