import { MAX_SLOTS, type CoverRanker } from './cover-rank.js';
import { loneLexeme, pairLookup, single, unionLookup, type MatchSink } from './list-walks.js';
import type { Postings } from './postings.js';

/** A query's matched lexemes: id → operand bits, and id → place in the byte-ordered lexicon. */
export interface MatchedLexemes {
  readonly masks: Map<number, number>;
  readonly order: Map<number, number>;
  /** Every operand's bit. */
  readonly full: number;
}

/** Up to this many cursors, a scan finds the next document; past it, a heap. */
const LINEAR_CURSORS = 16;
const NONE = 0x7fffffff;

/**
 * accumulate()'s per-document sums and lexeme counts, kept between calls (all zero between them):
 * a megabyte for 100,000 documents, which fresh arrays on every prefix query made garbage.
 */
let sums = new Float64Array(0);
let lexemes = new Uint16Array(0);

/**
 * The matched lexemes' postings merged document by document (a heap of cursors, one per
 * lexeme): a document holding every operand is ranked from the positions of its matched
 * lexemes, given to the ranker in the vector's lexeme order; `dropped` documents are skipped.
 * A one-operand query needs no merge: one lexeme's postings are ranked in one pass (`single`,
 * list-walks.ts), several lexemes' added up one by one (`accumulate`); two one-lexeme operands
 * are intersected (`pair`), or when one list is many times the other, the short one's documents
 * are looked up in the long one's decoded list (`pairLookup`, list-walks.ts), as are a prefix's
 * several lexemes' in a longer single lexeme's (`unionLookup`). False when a
 * matching document has more matched lexemes than the ranker's slots.
 */
export function matchArena(postings: Postings, matched: MatchedLexemes, dropped: Uint8Array, ranker: CoverRanker, out: MatchSink): boolean {
  const { bytes, offsets } = postings;
  const { masks, order, full } = matched;
  // Cursors in lexeme order: a document's group, taken in cursor order, is in slot order.
  const ids = [...masks.keys()].filter((id) => id < postings.lexemes && offsets[id]! < offsets[id + 1]!).sort((a, b) => order.get(a)! - order.get(b)!);
  const k = ids.length;
  const ptr = Int32Array.from(ids, (id) => offsets[id]!);
  const end = Int32Array.from(ids, (id) => offsets[id + 1]!);
  const doc = new Int32Array(k);
  const cmask = Int32Array.from(ids, (id) => masks.get(id)!);
  const corder = Int32Array.from(ids, (id) => order.get(id)!);
  const heap = new Int32Array(k);
  const group = new Int32Array(k);
  let size = 0;

  const readDoc = (c: number, previous: number): void => {
    let p = ptr[c]!;
    let b = bytes[p++]!;
    let delta = b & 127;
    for (let s = 7; b > 127; s += 7) delta |= ((b = bytes[p++]!) & 127) << s;
    doc[c] = previous + delta;
    ptr[c] = p;
  };
  const siftDown = (i: number): void => {
    const c = heap[i]!;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      if (child + 1 < size && doc[heap[child + 1]!]! < doc[heap[child]!]!) child++;
      if (doc[heap[child]!]! >= doc[c]!) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = c;
  };
  const siftUp = (i: number): void => {
    const c = heap[i]!;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (doc[heap[parent]!]! <= doc[c]!) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = c;
  };

  /** Where the posting body at bytes[p] ends; `from` is then where its positions begin. */
  let from = 0;
  const bodyEnd = (p: number): number => {
    let b = bytes[p++]!;
    let length = b & 127;
    for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[p++]!) & 127) << sh;
    from = p;
    return p + length;
  };
  /** Reads cursor c's posting body at the current document: into the ranker's slot s, or skipped. */
  const body = (c: number, s: number, ranked: boolean): void => {
    const stop = bodyEnd(ptr[c]!);
    if (ranked) {
      ranker.slot(s, cmask[c]!);
      ranker.addCoded(bytes, from, stop, s);
    }
    ptr[c] = stop;
  };
  /**
   * One operand matching several lexemes (a prefix's: `p:*`, `access:*`): a document's rank is the
   * sum over all its matched positions, each a cover of its own, and when those sums are exact in
   * any order (CoverRanker.sumsAreExact) each lexeme's postings are added up on their own, with
   * no merge by document. False, nothing sent, when the merge must decide: positions that do not
   * ascend, a document past the flags or with more matched lexemes than the ranker's slots.
   */
  const accumulate = (): boolean => {
    if (sums.length < dropped.length) {
      sums = new Float64Array(dropped.length);
      lexemes = new Uint16Array(dropped.length);
    }
    const documents = dropped.length;
    const clear = (): false => {
      sums.fill(0);
      lexemes.fill(0);
      return false;
    };
    for (let c = 0; c < k; c++) {
      const stop = end[c]!;
      let p = ptr[c]!;
      let current = doc[c]!;
      for (;;) {
        const positionsEnd = bodyEnd(p);
        if (current >= documents) return clear();
        if (dropped[current] !== 1) {
          const sum = ranker.sumCoded(bytes, from, positionsEnd);
          if (Number.isNaN(sum) || ++lexemes[current]! > MAX_SLOTS) return clear();
          sums[current]! += sum;
        }
        p = positionsEnd;
        if (p >= stop) break;
        let b = bytes[p++]!;
        let delta = b & 127;
        for (let sh = 7; b > 127; sh += 7) delta |= ((b = bytes[p++]!) & 127) << sh;
        current += delta;
      }
    }
    for (let d = 0; d < documents; d++) {
      if (lexemes[d] === 0) continue;
      out.push(d, Math.fround(sums[d]!));
      sums[d] = 0;
      lexemes[d] = 0;
    }
    return true;
  };
  /** Moves cursor c past its documents before `until` (each a non-match: their bodies skipped unread). */
  const skipUntil = (c: number, until: number): void => {
    const stop = end[c]!;
    let p = ptr[c]!;
    let current = doc[c]!;
    for (;;) {
      // bodyEnd's read, inline, as list-walks.ts reads lengths.
      let b = bytes[p++]!;
      let length = b & 127;
      for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[p++]!) & 127) << sh;
      p += length;
      if (p >= stop) {
        current = NONE;
        break;
      }
      b = bytes[p++]!;
      let delta = b & 127;
      for (let sh = 7; b > 127; sh += 7) delta |= ((b = bytes[p++]!) & 127) << sh;
      current += delta;
      if (current >= until) break;
    }
    ptr[c] = p;
    doc[c] = current;
  };
  /** Two operands matching one lexeme each, of like lengths (`service live`): two postings intersected, each match ranked by rankPair. */
  const pair = (): boolean => {
    for (;;) {
      const a = doc[0]!;
      const b = doc[1]!;
      if (a !== b) {
        const behind = a < b ? 0 : 1;
        skipUntil(behind, a < b ? b : a);
        if (doc[behind] === NONE) return true;
        continue;
      }
      const aEnd = bodyEnd(ptr[0]!);
      const aFrom = from;
      const bEnd = bodyEnd(ptr[1]!);
      if (dropped[a] !== 1) out.push(a, ranker.rankPair(bytes, aFrom, aEnd, from, bEnd, cmask[0]!, cmask[1]!));
      ptr[0] = aEnd;
      ptr[1] = bEnd;
      if (aEnd >= end[0]! || bEnd >= end[1]!) return true;
      readDoc(0, a);
      readDoc(1, a);
    }
  };
  /** Few cursors: the next document is the least of theirs, found by a scan (no heap). */
  const linear = (): boolean => {
    for (;;) {
      // The least document, the operands there, and how many cursors are at it (the last one).
      let current = NONE;
      let seen = 0;
      let g = 0;
      let last = 0;
      for (let c = 0; c < k; c++) {
        const d = doc[c]!;
        if (d > current) continue;
        if (d < current) {
          current = d;
          seen = 0;
          g = 0;
        }
        seen |= cmask[c]!;
        g++;
        last = c;
      }
      if (current === NONE) return true;
      if (g === 1 && seen !== full) {
        // Cursor `last` alone holds no match: pass over its postings up to the others' least document.
        let other = NONE;
        for (let c = 0; c < k; c++) if (c !== last && doc[c]! < other) other = doc[c]!;
        skipUntil(last, other);
        continue;
      }
      const ranked = seen === full && dropped[current] !== 1;
      if (ranked) ranker.reset();
      let s = 0;
      for (let c = 0; c < k; c++) {
        if (doc[c] !== current) continue;
        body(c, s++, ranked);
        if (ptr[c]! < end[c]!) readDoc(c, current);
        else doc[c] = NONE;
      }
      if (ranked) out.push(current, ranker.rank(full));
    }
  };

  for (let c = 0; c < k; c++) {
    readDoc(c, -1);
    heap[size++] = c;
  }
  const walk = { bytes, dropped, ranker, out };
  if (k === 1 && full === 1) return single(walk, { p: ptr[0]!, stop: end[0]!, first: doc[0]! }, cmask[0]!, full);
  if (full === 1 && ranker.sumsAreExact && accumulate()) return true;
  if (k === 2 && full === 3 && (cmask[0]! | cmask[1]!) === 3 && cmask[0] !== 3 && cmask[1] !== 3) {
    const long = end[0]! - ptr[0]! >= end[1]! - ptr[1]! ? 0 : 1;
    const short = 1 - long;
    if (postings.decodes(end[long]! - ptr[long]!, end[short]! - ptr[short]!)) {
      return pairLookup(walk, { p: ptr[short]!, stop: end[short]!, first: doc[short]! }, postings.decoded(ids[long]!), short === 0, [cmask[0]!, cmask[1]!]);
    }
    return pair();
  }
  if (k <= LINEAR_CURSORS) {
    // A lexeme against a prefix's several: looked up whenever it is the longer, as linear()'s merge costs more than pair()'s walk.
    const long = full === 3 ? loneLexeme(cmask) : -1;
    if (long < 0) return linear();
    let shortBytes = 0;
    for (let c = 0; c < k; c++) if (c !== long) shortBytes += end[c]! - ptr[c]!;
    if (postings.decodes(end[long]! - ptr[long]!, shortBytes, 1)) return unionLookup(walk, { ptr, end, doc, mask: cmask }, long, postings.decoded(ids[long]!), full);
    return linear();
  }
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(i);
  while (size > 0) {
    const current = doc[heap[0]!]!;
    let g = 0;
    let seen = 0;
    while (size > 0 && doc[heap[0]!] === current) {
      const c = heap[0]!;
      seen |= cmask[c]!;
      // Insertion by lexeme order: the slots' order (compareDocR's WordEntry tie-break).
      let at = g++;
      while (at > 0 && corder[group[at - 1]!]! > corder[c]!) group[at] = group[--at]!;
      group[at] = c;
      heap[0] = heap[--size]!;
      if (size > 0) siftDown(0);
    }
    const ranked = seen === full && dropped[current] !== 1 && g <= MAX_SLOTS;
    if (ranked) ranker.reset();
    for (let s = 0; s < g; s++) {
      const c = group[s]!;
      body(c, s, ranked);
      if (ptr[c]! < end[c]!) {
        readDoc(c, current);
        heap[size++] = c;
        siftUp(size - 1);
      }
    }
    if (ranked) out.push(current, ranker.rank(full));
    else if (seen === full && dropped[current] !== 1) return false;
  }
  return true;
}
