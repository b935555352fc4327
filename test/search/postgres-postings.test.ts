import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Postings, type StoredDoc } from '../../src/search/postgres/postings.js';

// The PostgreSQL index's arena (src/search/postgres/postings.ts): what build() records of it
// beside the bytes, which the walks rely on.

/** A document of lexeme ids 0.. with these WordEntryPos lists (weight << 14 | position). */
function doc(...lists: number[][]): StoredDoc {
  const ends: number[] = [];
  const positions: number[] = [];
  for (const list of lists) ends.push(positions.push(...list));
  return { lex: Int32Array.from(lists, (_, i) => i), ends: Uint32Array.from(ends), positions: Uint16Array.from(positions) };
}

describe('Postings (PostgreSQL): counts, decoded lists and the ascending flag', () => {
  it('counts and decodes each lexeme\'s postings, through a rebuild that drops and adds documents', () => {
    const postings = new Postings(0);
    postings.build(2, new Uint8Array(8), new Map([[1, doc([3, 9], [4])], [4, doc([2], [])], [6, doc([5], [1, 7])]]));
    assert.deepEqual([...postings.counts], [3, 3]);
    assert.deepEqual([...postings.decoded(0).docs], [1, 4, 6]);
    const dropped = new Uint8Array(8);
    dropped[4] = 1;
    postings.build(3, dropped, new Map([[2, doc([1], [], [8])], [7, doc([], [2])]]));
    assert.deepEqual([...postings.counts], [4, 4, 1]);
    assert.deepEqual([...postings.decoded(0).docs], [1, 2, 6, 7]);
    assert.deepEqual([...postings.decoded(2).docs], [2]);
  });

  it('is ascending while no posting\'s positions descend, and stays not once one has', () => {
    const postings = new Postings();
    const C = 1 << 14;
    // Ascending by position, then weight: 3D then 3C is in CoverRanker's order.
    postings.build(2, new Uint8Array(8), new Map([[0, doc([1, 3, 3 | C, 9], [2])]]));
    assert.equal(postings.ascending, true);
    postings.build(2, new Uint8Array(8), new Map([[1, doc([5, 4])]]));
    assert.equal(postings.ascending, false, '5 then 4 descends');
    postings.build(2, new Uint8Array(8), new Map([[2, doc([1, 2])]]));
    assert.equal(postings.ascending, false, 'the old postings that stay keep the old arena\'s order');
    const fresh = new Postings();
    fresh.build(1, new Uint8Array(8), new Map([[0, doc([3 | C, 3])]]));
    assert.equal(fresh.ascending, false, '3C then 3D descends by weight');
  });
});
