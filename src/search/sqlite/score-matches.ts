import { seek } from '../seek.js';
import { factorOf } from './bm25-factor.js';
import type { RankedList } from './threshold.js';

/**
 * Every match of a query ranked (or listed unranked), for a page the threshold walk cannot
 * answer or one in another order: bm25() returns -1.0 · score and the query negates it again,
 * so each rank is -(-1.0 · Σ idf · factor), summed in phrase order as fts5Bm25Function sums it.
 * Each loop is a function of its own (bm25-index.ts says why).
 */

/** One phrase: every document it touched matches. */
export function scoreOne({ docs: matched, freqs }: RankedList, idf: number, norms: Float64Array, docs: Int32Array, ranks: Float64Array): number {
  for (let t = 0; t < matched.length; t++) {
    const doc = matched[t]!;
    docs[t] = doc;
    ranks[t] = -(-1.0 * (0.0 + idf * factorOf(freqs[t]!, norms[doc]!)));
  }
  return matched.length;
}

/** One phrase's documents, unranked. */
export function copyDocs({ docs: matched }: RankedList, docs: Int32Array): number {
  docs.set(matched);
  return matched.length;
}

/**
 * Several phrases: a document matches when every phrase occurs in it (AND), found by walking
 * the shortest list and seeking each other one; scores sum in phrase order, as fts5Bm25Function's
 * (none without `ranks`).
 */
export function scoreAll(phrases: readonly RankedList[], idf: readonly number[], norms: Float64Array, docs: Int32Array, ranks: Float64Array | undefined): number {
  const count = phrases.length;
  let lead = 0;
  for (let i = 1; i < count; i++) if (phrases[i]!.docs.length < phrases[lead]!.docs.length) lead = i;
  const leading = phrases[lead]!.docs;
  const at = new Int32Array(count);
  let n = 0;
  next: for (let t = 0; t < leading.length; t++) {
    const doc = leading[t]!;
    for (let i = 0; i < count; i++) {
      const list = phrases[i]!.docs;
      const p = i === lead ? t : seek(list, at[i]!, doc);
      at[i] = p;
      if (p === list.length) break next;
      if (list[p] !== doc) continue next;
    }
    if (ranks !== undefined) {
      let score = 0.0;
      for (let i = 0; i < count; i++) score += idf[i]! * factorOf(phrases[i]!.freqs[at[i]!]!, norms[doc]!);
      ranks[n] = -(-1.0 * score);
    }
    docs[n++] = doc;
  }
  return n;
}
