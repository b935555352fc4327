import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { topK } from '../../src/search/order.js';
import { seededRandom } from '../helpers/seeded-random.js';

// topK (issue 17) picks a page out of every match of a search: it must return exactly the first
// k of a full sort, ties included, with and without the leading-key shortcut of relevance order.

describe('topK', () => {
  for (const [size, distinctRanks] of [[10, 3], [1000, 5], [5000, 1000], [20000, 2]] as const) {
    it(`is the first k of a full sort (${size} items, ${distinctRanks} distinct ranks)`, () => {
      const next = seededRandom(size * 31 + distinctRanks);
      const ranks = Float64Array.from({ length: size }, () => Math.floor(next() * distinctRanks) / 7);
      const tiebreak = Float64Array.from({ length: size }, () => Math.floor(next() * 50));
      // relevance-like: rank descending, then a second key descending, then the item itself
      const before = (a: number, b: number) => (ranks[a] !== ranks[b] ? ranks[a]! > ranks[b]! : tiebreak[a] !== tiebreak[b] ? tiebreak[a]! > tiebreak[b]! : a > b);
      const items = Int32Array.from({ length: size }, (_, i) => (i * 7919) % size);
      const sorted = Array.from(items).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
      for (const k of [0, 1, 2, 20, 51, size - 1, size, size + 5]) {
        const expected = sorted.slice(0, Math.max(0, k));
        assert.deepEqual(Array.from(topK(items, k, before)), expected, `k=${k}`);
        assert.deepEqual(Array.from(topK(items, k, before, ranks)), expected, `k=${k} with the leading key`);
      }
    });
  }
});
