import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { factorOf } from '../../src/search/sqlite/bm25-factor.js';
import { rankedList, topMatches, type RankedList } from '../../src/search/sqlite/threshold.js';
import { seededRandom } from '../helpers/seeded-random.js';

// The threshold walk (issue 17) may leave matches out only when they cannot be among the k best:
// checked against every match scored, on lists with many tied factors (ties are where a walk
// that stopped one step early would lose a project the store's tie-break puts on the page).

/**
 * A list over `universe` documents, each in it with probability `density`, frequencies from a
 * few values; `norms` are the documents' length terms, from a few values too, so factors tie.
 */
function list(next: () => number, norms: Float64Array, density: number, values: number, best: number): RankedList {
  const docs: number[] = [];
  for (let doc = 0; doc < norms.length; doc++) if (next() < density) docs.push(doc);
  const freqs = Uint16Array.from(docs, () => 1 + Math.floor(next() * values));
  const factors = Float64Array.from(docs, (doc, t) => factorOf(freqs[t]!, norms[doc]!));
  return rankedList(Int32Array.from(docs), freqs, factors, best, 2.2);
}

/** A list's factor at position `t`. */
const factorAt = (l: RankedList, norms: Float64Array, t: number) => factorOf(l.freqs[t]!, norms[l.docs[t]!]!);

/** Every admitted match and its rank, summed in list order as the walk sums it. */
function everyMatch(lists: RankedList[], idf: number[], norms: Float64Array, admits: (doc: number) => boolean): Map<number, number> {
  const all = new Map<number, number>();
  for (const doc of lists[0]!.docs) {
    if (!admits(doc) || !lists.every((l) => l.docs.includes(doc))) continue;
    let score = 0.0;
    lists.forEach((l, j) => (score += idf[j]! * factorAt(l, norms, l.docs.indexOf(doc))));
    all.set(doc, -(-1.0 * score));
  }
  return all;
}

describe('the threshold walk over ranked lists', () => {
  it('answers every match that could be among the k best, with its exact rank, for one to three lists', () => {
    const next = seededRandom(11);
    let walked = 0;
    let fellBack = 0;
    for (let round = 0; round < 300; round++) {
      const universe = 50 + Math.floor(next() * 400);
      const count = 1 + (round % 3);
      const best = round % 4 === 0 ? 8 : 1024;
      const norms = Float64Array.from({ length: universe }, () => 0.3 + Math.floor(next() * 4) * 0.5);
      const lists = Array.from({ length: count }, () => list(next, norms, 0.2 + next() * 0.7, 1 + Math.floor(next() * 6), best));
      const idf = lists.map(() => 0.1 + next() * 3);
      const banned = new Set(Array.from({ length: universe }, (_, doc) => doc).filter(() => next() < 0.15));
      const admits = (doc: number) => !banned.has(doc);
      const k = 1 + Math.floor(next() * 30);
      const out = { docs: new Int32Array(universe), ranks: new Float64Array(universe) };
      const n = topMatches(lists, idf, norms, k, admits, out, new Uint8Array(universe), 1);
      if (n < 0) {
        fellBack += 1;
        continue;
      }
      walked += 1;
      const all = everyMatch(lists, idf, norms, admits);
      const answered = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        assert.ok(!answered.has(out.docs[i]!), 'a document answered twice');
        answered.set(out.docs[i]!, out.ranks[i]!);
        assert.ok(Object.is(all.get(out.docs[i]!), out.ranks[i]), `document ${out.docs[i]} answered with rank ${out.ranks[i]}, not ${all.get(out.docs[i]!)}`);
      }
      const ranks = [...all.values()].sort((a, b) => b - a);
      const kth = ranks[Math.min(k, ranks.length) - 1];
      for (const [doc, rank] of all) if (kth !== undefined && rank >= kth) assert.ok(answered.has(doc), `round ${round}: document ${doc} (rank ${rank}, k-th ${kth}) left out`);
    }
    // Both ends were exercised: walks that answered, and short best prefixes that gave up.
    assert.ok(walked > 200 && fellBack > 5, `walked ${walked}, fell back ${fellBack}`);
  });

  it('keeps at least the m best documents of a long list, highest factor first, and all of a short one', () => {
    const next = seededRandom(5);
    const docs = Int32Array.from({ length: 5000 }, (_, i) => i * 2);
    // In random order, rising and falling.
    const orders = [Float64Array.from(docs, () => next() * 2.2), Float64Array.from(docs, (doc) => doc / 5000), Float64Array.from(docs, (doc) => 2 - doc / 5000)];
    for (const factors of orders) {
      for (const m of [100, 5000, 6000]) {
        const ranked = rankedList(docs, new Uint16Array(docs.length), factors, m, 2.2);
        assert.ok(ranked.bestDocs.length >= Math.min(m, 5000) && ranked.bestDocs.length <= Math.min(m * 1.2, 5000), `${ranked.bestDocs.length} kept of ${m}`);
        const sorted = [...factors].sort((a, b) => b - a);
        ranked.bestFactors.forEach((f, i) => assert.equal(f, sorted[i]));
        ranked.bestDocs.forEach((doc, i) => assert.equal(factors[doc / 2], ranked.bestFactors[i]));
      }
    }
  });

  it('keeps equal factors in document order, and every factor equal to the last one kept', () => {
    // 3,000 documents of four factors: the best 1,000 end inside the second-highest factor's 750.
    const docs = Int32Array.from({ length: 3000 }, (_, i) => i);
    const factors = Float64Array.from(docs, (doc) => [2.1, 1.5, 0.7, 0.2][(doc * 7) % 4]!);
    const ranked = rankedList(docs, new Uint16Array(docs.length), factors, 1000, 2.2);
    const expected = [...docs].sort((a, b) => factors[b]! - factors[a]! || a - b).slice(0, 1500);
    assert.deepEqual([...ranked.bestDocs], expected);
  });
});
