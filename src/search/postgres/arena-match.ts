import { MAX_SLOTS, type CoverRanker } from './cover-rank.js';
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

export interface MatchSink {
  push(doc: number, rank: number): void;
}

/**
 * The matched lexemes' postings merged document by document (a heap of cursors, one per
 * lexeme): a document holding every operand is ranked from the positions of its matched
 * lexemes, given to the ranker in the vector's lexeme order; `dropped` documents are skipped.
 * False when a matching document has more matched lexemes than the ranker's slots.
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


  /** Reads cursor c's posting body at the current document: into the ranker's slot s, or skipped. */
  const body = (c: number, s: number, ranked: boolean): void => {
    let p = ptr[c]!;
    let b = bytes[p++]!;
    let count = b & 127;
    for (let sh = 7; b > 127; sh += 7) count |= ((b = bytes[p++]!) & 127) << sh;
    if (ranked) {
      ranker.slot(s, cmask[c]!);
      p = ranker.addCoded(bytes, p, count, s);
    } else {
      for (let j = 0; j < count; j++) while (bytes[p++]! > 127);
    }
    ptr[c] = p;
  };
  /** Few cursors: the next document is the least of theirs, found by a scan (no heap). */
  const linear = (): boolean => {
    for (;;) {
      let current = NONE;
      for (let c = 0; c < k; c++) if (doc[c]! < current) current = doc[c]!;
      if (current === NONE) return true;
      let seen = 0;
      for (let c = 0; c < k; c++) if (doc[c] === current) seen |= cmask[c]!;
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
  if (k <= LINEAR_CURSORS) return linear();
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
