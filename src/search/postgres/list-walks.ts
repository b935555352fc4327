import { seek } from '../seek.js';
import type { CoverRanker } from './cover-rank.js';
import type { DecodedPostings } from './postings.js';

/**
 * The arena's walks that read one posting list at a time, with no cursor bookkeeping (the rest
 * of matchArena's cases merge cursors). Each posting: varint(doc − previous doc),
 * varint(the body's length), the body (postings.ts); lengths are read inline, as a closure that
 * handed its result back in a captured variable cost each posting ~10% more.
 */

export interface MatchSink {
  push(doc: number, rank: number): void;
}

/** What a walk reads, skips and ranks with, and where its matches go. */
export interface Walk {
  readonly bytes: Uint8Array;
  /** 1: the document's postings in the arena are out of date */
  readonly dropped: Uint8Array;
  readonly ranker: CoverRanker;
  readonly out: MatchSink;
}

/** A posting list from `p` (its first posting's body) to `stop`, whose first document is `first`. */
export interface ListAt {
  readonly p: number;
  readonly stop: number;
  readonly first: number;
}

/**
 * One operand matching one lexeme (a common word's usual case): every posting is a match, each
 * ranked straight from its positions (sumCoded), or by the ranker when sumCoded declines.
 */
export function single({ bytes, dropped, ranker, out }: Walk, { p, stop, first }: ListAt, mask: number, full: number): boolean {
  let current = first;
  for (;;) {
    let b = bytes[p++]!;
    let length = b & 127;
    for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[p++]!) & 127) << sh;
    const positionsEnd = p + length;
    if (dropped[current] !== 1) {
      const sum = ranker.sumCoded(bytes, p, positionsEnd);
      if (Number.isNaN(sum)) {
        ranker.reset();
        ranker.slot(0, mask);
        ranker.addCoded(bytes, p, positionsEnd, 0);
        out.push(current, ranker.rank(full));
      } else out.push(current, Math.fround(sum));
    }
    p = positionsEnd;
    if (p >= stop) return true;
    b = bytes[p++]!;
    let delta = b & 127;
    for (let sh = 7; b > 127; sh += 7) delta |= ((b = bytes[p++]!) & 127) << sh;
    current += delta;
  }
}

/**
 * Two operands of one lexeme each when one word's postings are many times the other's (a rare
 * word with a common one: `realtime built`, 17,930 of `built`'s 99,379 documents): the short
 * list is read posting by posting and each document sought in the long one's decoded list
 * (Postings.decoded), so the long word's other postings are not read. Both bodies go to
 * rankPair in lexeme order (`masks[0]` is the first lexeme's operand): the pairs and the bodies
 * matchArena's pair() would rank.
 */
export function pairLookup({ bytes, dropped, ranker, out }: Walk, short: ListAt, long: DecodedPostings, shortIsFirst: boolean, masks: readonly [number, number]): boolean {
  const { docs: longDocs, bodies } = long;
  const [mask0, mask1] = masks;
  let { p } = short;
  let current = short.first;
  let at = 0;
  for (;;) {
    let b = bytes[p++]!;
    let length = b & 127;
    for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[p++]!) & 127) << sh;
    const shortEnd = p + length;
    at = seek(longDocs, at, current);
    if (at === longDocs.length) return true;
    if (longDocs[at] === current && dropped[current] !== 1) {
      let q = bodies[at]!;
      b = bytes[q++]!;
      let longLength = b & 127;
      for (let sh = 7; b > 127; sh += 7) longLength |= ((b = bytes[q++]!) & 127) << sh;
      const longEnd = q + longLength;
      // One call site, its operands picked by value: the branch a warm process never took would
      // have no type feedback, and taking it later throws the compiled walk away (a deopt).
      out.push(current, ranker.rankPair(bytes, shortIsFirst ? p : q, shortIsFirst ? shortEnd : longEnd, shortIsFirst ? q : p, shortIsFirst ? longEnd : shortEnd, mask0, mask1));
    }
    p = shortEnd;
    if (p >= short.stop) return true;
    b = bytes[p++]!;
    let delta = b & 127;
    for (let sh = 7; b > 127; sh += 7) delta |= ((b = bytes[p++]!) & 127) << sh;
    current += delta;
  }
}

/** The arena's cursors, in lexeme order: each one's next posting (`ptr`: its body), list end, document and operand bits. */
export interface Cursors {
  readonly ptr: Int32Array;
  readonly end: Int32Array;
  readonly doc: Int32Array;
  readonly mask: Int32Array;
}

const NONE = 0x7fffffff;

/** Of two operands' cursors, the one that is its operand's only lexeme while the other has several; -1: none (or a lexeme in both). */
export function loneLexeme(masks: Int32Array): number {
  if (masks.length <= 2) return -1;
  let first = -1;
  let second = -1;
  let firsts = 0;
  for (let c = 0; c < masks.length; c++) {
    if (masks[c] === 3) return -1;
    if (masks[c] === 1) {
      firsts++;
      first = c;
    } else second = c;
  }
  return firsts === 1 ? first : firsts === masks.length - 1 ? second : -1;
}

/**
 * Two operands, one a single lexeme with at least the postings of the other's several (a
 * prefix's: `swift:*` is `swift` and `swiftlint`, against `meet` in nearly every document): the
 * short operand's cursors are merged by document as matchArena's linear() merges them, and each
 * of their documents is sought in the long lexeme's decoded list (`long`: its cursor, whose
 * postings are not read). A match's bodies go to the ranker in cursor (lexeme) order, the long
 * one's in its place, each in the slot of its cursor's number: rank() orders ties by slot, and
 * only the slots a document fills are read.
 */
export function unionLookup({ bytes, dropped, ranker, out }: Walk, { ptr, end, doc, mask }: Cursors, long: number, list: DecodedPostings, full: number): boolean {
  const { docs: longDocs, bodies } = list;
  const longMask = mask[long]!;
  const k = ptr.length;
  let at = 0;
  for (;;) {
    // The short cursors' least document, and how many are at it.
    let current = NONE;
    let g = 0;
    for (let c = 0; c < k; c++) {
      const d = doc[c]!;
      if (c === long || d > current) continue;
      if (d < current) {
        current = d;
        g = 0;
      }
      g++;
    }
    if (current === NONE) return true;
    at = seek(longDocs, at, current);
    if (at === longDocs.length) return true;
    const ranked = longDocs[at] === current && dropped[current] !== 1;
    let q = 0;
    let longEnd = 0;
    if (ranked) {
      q = bodies[at]!;
      let b = bytes[q++]!;
      let length = b & 127;
      for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[q++]!) & 127) << sh;
      longEnd = q + length;
      if (g > 1) {
        ranker.reset();
        ranker.slot(long, longMask);
        ranker.addCoded(bytes, q, longEnd, long);
      }
    }
    for (let c = 0; c < k; c++) {
      if (c === long || doc[c] !== current) continue;
      let p = ptr[c]!;
      let b = bytes[p++]!;
      let length = b & 127;
      for (let sh = 7; b > 127; sh += 7) length |= ((b = bytes[p++]!) & 127) << sh;
      const stop = p + length;
      if (ranked && g === 1) {
        // One short lexeme here: a pair, in lexeme (cursor) order.
        // One call site, as in pairLookup.
        const first = c < long;
        const shortMask = mask[c]!;
        out.push(current, ranker.rankPair(bytes, first ? p : q, first ? stop : longEnd, first ? q : p, first ? longEnd : stop, first ? shortMask : longMask, first ? longMask : shortMask));
      } else if (ranked) {
        ranker.slot(c, mask[c]!);
        ranker.addCoded(bytes, p, stop, c);
      }
      // The cursor's next document, or none.
      if (stop >= end[c]!) {
        doc[c] = NONE;
        continue;
      }
      p = stop;
      b = bytes[p++]!;
      let delta = b & 127;
      for (let sh = 7; b > 127; sh += 7) delta |= ((b = bytes[p++]!) & 127) << sh;
      doc[c] = current + delta;
      ptr[c] = p;
    }
    if (ranked && g > 1) out.push(current, ranker.rank(full));
  }
}
