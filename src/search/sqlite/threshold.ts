/**
 * The best-ranked matches of an AND of phrases without scoring every match: Fagin's threshold
 * algorithm (Fagin, Lotem, Naor, "Optimal aggregation algorithms for middleware", 2001) over
 * each phrase's documents in descending order of their BM25 factor (issue 17: scoring every
 * match of two common words was a quarter of an uncached search's CPU on 10,000 projects, for a
 * page that shows twenty of them).
 *
 * The rank is Σ idf · factor in phrase order, as fts5Bm25Function sums it; rounding to nearest
 * is monotone, so the same sum over each list's factor at the current depth bounds every
 * document not seen yet. Ties matter (the store breaks them by published_at and id), so the walk
 * stops only when that bound is strictly below the k-th best rank seen: every document that
 * could be among the k best under any tie-break is in the answer.
 */

import { factorOf } from './bm25-factor.js';

/**
 * A phrase's matches: documents ascending, the phrase's frequency in each (its factor is
 * factorOf(freq, norms[doc])), and the best of them in descending factor order.
 */
export interface RankedList {
  readonly docs: Int32Array;
  readonly freqs: Uint16Array | Int32Array;
  /** the documents with the highest factors, highest first (all of them, or a prefix), and their factors */
  readonly bestDocs: Int32Array;
  readonly bestFactors: Float64Array;
  /** membersOf(docs) */
  readonly members: Uint32Array;
  readonly before: Int32Array;
}

/**
 * Writes to `out` every admitted match that could be among the `k` best and returns how many;
 * -1 when some list's best prefix ran out before the answer was certain (score them all instead).
 * `seen` marks each document this walk saw with `walk` (1–255), a mark no document has yet.
 */
export function topMatches(lists: readonly RankedList[], idf: readonly number[], norms: Float64Array, k: number, admits: (doc: number) => boolean, out: { docs: Int32Array; ranks: Float64Array }, seen: Uint8Array, walk: number): number {
  const count = lists.length;
  const kth = new Float64Array(k);
  const factor = new Float64Array(count);
  const { docs, ranks } = out;
  let kept = 0;
  let n = 0;
  for (let depth = 0; ; depth++) {
    for (let i = 0; i < count; i++) {
      const list = lists[i]!;
      if (depth === list.bestDocs.length) {
        // Every document of a list fully walked was seen, and every match is in every list.
        return list.bestDocs.length === list.docs.length ? n : -1;
      }
      const doc = list.bestDocs[depth]!;
      if (seen[doc] === walk) continue;
      seen[doc] = walk;
      factor[i] = list.bestFactors[depth]!;
      if (!locate(lists, i, doc, norms, factor) || !admits(doc)) continue;
      let score = 0.0;
      for (let j = 0; j < count; j++) score += idf[j]! * factor[j]!;
      const rank = -(-1.0 * score);
      docs[n] = doc;
      ranks[n++] = rank;
      kept = offer(kth, kept, rank);
    }
    if (kept < k) continue;
    let bound = 0.0;
    for (let j = 0; j < count; j++) bound += idf[j]! * lists[j]!.bestFactors[depth]!;
    if (-(-1.0 * bound) < kth[0]!) return n;
  }
}

/** Each other list's factor of `doc` in `factor` (list `i`'s is known); false when a list lacks it. */
function locate(lists: readonly RankedList[], i: number, doc: number, norms: Float64Array, factor: Float64Array): boolean {
  const word = doc >>> 5;
  const bit = 1 << (doc & 31);
  for (let j = 0; j < lists.length; j++) {
    if (j === i) continue;
    const { members, before, freqs } = lists[j]!;
    if (word >= members.length || (members[word]! & bit) === 0) return false;
    factor[j] = factorOf(freqs[before[word]! + popcount(members[word]! & (bit - 1))]!, norms[doc]!);
  }
  return true;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * A list's documents as a bitmap (bit `doc`) with, per 32-bit word, how many documents come
 * before it: a document's position in the list in a few operations, where a binary search
 * over 10,000 documents was most of a walk's time.
 */
function membersOf(docs: Int32Array): { members: Uint32Array; before: Int32Array } {
  const words = docs.length === 0 ? 0 : (docs[docs.length - 1]! >>> 5) + 1;
  const members = new Uint32Array(words);
  const before = new Int32Array(words);
  for (let p = 0; p < docs.length; p++) members[docs[p]! >>> 5]! |= 1 << (docs[p]! & 31);
  for (let w = 1; w < words; w++) before[w] = before[w - 1]! + popcount(members[w - 1]!);
  return { members, before };
}

/**
 * A phrase's matches as topMatches() walks them: at least `m` of its best documents, in
 * sequential arrays (a walk reads them in order), and its bitmap. `factors` are the matches'
 * (in `docs` order, each below `top`); only the best ones are kept.
 */
export function rankedList(docs: Int32Array, freqs: Uint16Array | Int32Array, factors: Float64Array, m: number, top: number): RankedList {
  const best = bestPositions(factors, m, top);
  return { docs, freqs, bestDocs: best.map((p) => docs[p]!), bestFactors: Float64Array.from(best, (p) => factors[p]!), ...membersOf(docs) };
}

/** Keeps the k highest ranks offered in a min-heap (`heap[0]` the k-th best once full); returns its size. */
function offer(heap: Float64Array, size: number, rank: number): number {
  if (size < heap.length) {
    let at = size;
    heap[at] = rank;
    while (at > 0 && heap[(at - 1) >> 1]! > rank) {
      const parent = (at - 1) >> 1;
      heap[at] = heap[parent]!;
      heap[parent] = rank;
      at = parent;
    }
    return size + 1;
  }
  if (!(rank > heap[0]!)) return size;
  heap[0] = rank;
  for (let at = 0; ; ) {
    const l = at * 2 + 1;
    const r = l + 1;
    let least = at;
    if (l < size && heap[l]! < heap[least]!) least = l;
    if (r < size && heap[r]! < heap[least]!) least = r;
    if (least === at) return size;
    heap[at] = heap[least]!;
    heap[least] = rank;
    at = least;
  }
}

/** Buckets bestPositions() counts factors in, over (0, top]. */
const BUCKETS = 1024;

/**
 * Positions of the highest of `factors`, highest first, equal factors in position order: at
 * least `m` of them (all when there are fewer), found by counting factors in buckets over
 * (0, top] and sorting only the best buckets, so a common word over 100,000 projects does not
 * sort all its matches. Half of a common word's first search went here while each factor's
 * bucket was a closure's call and the chosen positions a growing array (docs/performance.md
 * change 60).
 */
function bestPositions(factors: Float64Array, m: number, top: number): Int32Array {
  const n = factors.length;
  const scale = BUCKETS / top;
  let cutoff = 0;
  let chosen = n;
  if (n > m) {
    const counts = new Int32Array(BUCKETS);
    for (let p = 0; p < n; p++) counts[bucketOf(factors[p]!, scale)]! += 1;
    let sum = 0;
    for (cutoff = BUCKETS - 1; cutoff > 0 && sum + counts[cutoff]! < m; cutoff--) sum += counts[cutoff]!;
    chosen = sum + counts[cutoff]!;
  }
  const best = new Int32Array(chosen);
  for (let p = 0, c = 0; c < chosen; p++) if (bucketOf(factors[p]!, scale) >= cutoff) best[c++] = p;
  return best.sort((a, b) => factors[b]! - factors[a]! || a - b);
}

/** A factor's bucket, the same for the count and the choice, so exactly `chosen` positions are chosen. */
function bucketOf(factor: number, scale: number): number {
  const bucket = Math.floor(factor * scale);
  return bucket >= 0 ? (bucket < BUCKETS ? bucket : BUCKETS - 1) : 0;
}
