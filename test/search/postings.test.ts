import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Postings } from '../../src/search/postings.js';
import { seededRandom } from '../helpers/seeded-random.js';

// Postings (src/search/postings.ts) keeps documents in an overlay, in segments it folds the
// overlay into and in the one segment compact() merges them into; a document set again or
// deleted must count only with its current postings, wherever the old ones still lie.

const VOCAB = ['a', 'ab', 'abc', 'abd', 'b', 'ba', 'bab', 'c', 'café', 'cafe', 'd', 'design', 'designs', 'designer', 'e', 'zz'];
const PREFIXES = ['a', 'ab', 'abc', 'b', 'c', 'caf', 'café', 'd', 'des', 'design', 'designe', 'e', 'z', 'zz', 'zzz', 'q', ''];
const DOCS = 60;

/** What accumulate() must add up: every current posting of a term starting with `prefix`. */
function expected(model: Map<number, Map<string, number>>, prefix: string): Map<number, number> {
  const sums = new Map<number, number>();
  for (const [doc, terms] of model) {
    for (const [term, freq] of terms) if (term.startsWith(prefix)) sums.set(doc, (sums.get(doc) ?? 0) + freq);
  }
  return sums;
}

function check(postings: Postings, model: Map<number, Map<string, number>>, label: string): void {
  const freq = new Int32Array(DOCS);
  const touched = new Int32Array(DOCS);
  for (const prefix of PREFIXES) {
    const n = postings.accumulate(prefix, freq, touched);
    const found = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const doc = touched[i]!;
      assert.ok(!found.has(doc), `${label}: "${prefix}" lists document ${doc} twice`);
      found.set(doc, freq[doc]!);
      freq[doc] = 0;
    }
    assert.ok(freq.every((f) => f === 0), `${label}: "${prefix}" added to a document it did not list`);
    assert.deepEqual(new Map([...found].sort((x, y) => x[0] - y[0])), new Map([...expected(model, prefix)].sort((x, y) => x[0] - y[0])), `${label}: "${prefix}"`);
  }
}

describe('Postings', () => {
  for (const foldAt of [8, 40, 1 << 19]) {
    it(`answers every prefix with the current postings only, through folds, merges and compactions (fold at ${foldAt})`, () => {
      const next = seededRandom(foldAt);
      const postings = new Postings(foldAt);
      const model = new Map<number, Map<string, number>>();
      for (let step = 0; step < 1500; step++) {
        const doc = Math.floor(next() * DOCS);
        const roll = next();
        if (roll < 0.15) {
          postings.delete(doc);
          model.delete(doc);
        } else if (roll < 0.18) {
          postings.compact();
        } else {
          const terms = new Map<string, number>();
          const count = Math.floor(next() * 6);
          for (let i = 0; i < count; i++) terms.set(VOCAB[Math.floor(next() * VOCAB.length)]!, 1 + Math.floor(next() * (next() < 0.02 ? 100_000 : 30)));
          postings.set(doc, [...terms.keys()], [...terms.values()]);
          model.set(doc, terms);
        }
        if (step % 25 === 0) check(postings, model, `step ${step}`);
      }
      check(postings, model, 'before the last compaction');
      postings.compact();
      check(postings, model, 'after it');
    });
  }

  it('keeps more segments than fit in a byte apart by merging them', () => {
    // foldAt 2: every document set after the first is a fold, so segments pass MAX_SEGMENTS.
    const postings = new Postings(2);
    const model = new Map<number, Map<string, number>>();
    for (let doc = 0; doc < DOCS; doc++) {
      postings.set(doc, ['design', `d${doc % 7}`], [doc + 1, 1]);
      model.set(doc, new Map([['design', doc + 1], [`d${doc % 7}`, 1]]));
    }
    for (let doc = 0; doc < DOCS; doc += 3) {
      postings.set(doc, ['designs'], [2]);
      model.set(doc, new Map([['designs', 2]]));
    }
    check(postings, model, 'segments');
    postings.compact();
    check(postings, model, 'compacted');
  });

  it('merges its segments once an eighth of what they hold is stale, not before', () => {
    const postings = new Postings(64);
    for (let doc = 0; doc < 80; doc++) postings.set(doc, ['design', `d${doc}`], [1, 1]);
    postings.compact();
    assert.equal(postings.shape.postings, 160);
    assert.ok(postings.shape.segments > 1, 'a fresh build stays in the segments it was folded into');
    for (let doc = 0; doc < 10; doc++) postings.set(doc, ['maps'], [1]);
    postings.compact();
    assert.equal(postings.shape.postings, 170, 'ten stale documents of eighty: kept');
    postings.set(10, ['maps'], [1]);
    postings.compact();
    assert.deepEqual(postings.shape, { segments: 1, postings: 69 * 2 + 11 }, 'eleven: merged, the stale postings dropped');
  });
});
