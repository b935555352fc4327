/**
 * ts_rank_cd(weights, vector, query) with normalization 0, for a query that is an AND of
 * operands, emulated bit for bit from PostgreSQL 15's src/backend/utils/adt/tsrank.c
 * (get_docrep, Cover, calc_rank_cd). One ranker serves one document at a time: add() every
 * position of every lexeme the query's operands match, then rank().
 */
import { coverTerm, rankAroundOne } from './lone-entry.js';

/** The most lexemes of one document one query may match (slots in the sort key). */
export const MAX_SLOTS = 4096;
/** PostgreSQL keeps at most this many positions of a lexeme in a tsvector (MAXNUMPOS). */
const MAX_POSITIONS = 256;

export class CoverRanker {
  /** (((position << 2) | weight) << 12) | slot: get_docrep's sort key (compareDocR). */
  private keys = new Int32Array(256);
  private pos = new Int32Array(256);
  private weight = new Int32Array(256);
  private mask = new Int32Array(256);
  private readonly slotMask = new Int32Array(MAX_SLOTS);
  private n = 0;
  /** Whether a slot of this document matches two operands at once (rank()'s pair walk does not apply). */
  private joint = false;
  private readonly invws: Float64Array;
  private readonly cpos: Float64Array;
  /**
   * Whether every one-operand sum (one cover per position, at most MAX_SLOTS × MAX_POSITIONS of
   * them) is exact in a double, in any order: then a document's rank is the same whichever of its
   * lexemes' positions are added first (arena-match.ts adds them lexeme by lexeme).
   */
  readonly sumsAreExact: boolean;
  /**
   * Whether the runs rankPair is given never descend (an arena of PostgreSQL's vectors, which
   * sort each lexeme's positions: Postings.ascending); rankAroundOne then stops at the entry
   * after the single one instead of reading the rest of the run to find out.
   */
  runsAscend = false;

  /** `weights`: the float4[] ts_rank_cd is given, indexed by weight (D, C, B, A). */
  constructor(weights: readonly number[]) {
    // calc_rank_cd: invws[i] = 1.0 / (double) arrdata[i], arrdata being float4.
    this.invws = Float64Array.from(weights, (w) => 1.0 / Math.fround(w));
    // A cover of one entry: Cpos = 1 / invws[w], nNoise = 0.
    this.cpos = this.invws.map((inv) => 1 / inv);
    this.sumsAreExact = exactlySummable(this.cpos, MAX_SLOTS * MAX_POSITIONS);
  }

  reset(): void {
    this.n = 0;
    this.joint = false;
  }

  /**
   * Declares the lexeme in `slot`: slots number a document's matched lexemes in the vector's
   * lexeme order (tsCompareString), which breaks compareDocR's ties; `mask` has a bit for each
   * operand matching it.
   */
  slot(slot: number, mask: number): void {
    this.slotMask[slot] = mask;
    if ((mask & (mask - 1)) !== 0) this.joint = true;
  }

  /** One position (a WordEntryPos: weight << 14 | pos) of the lexeme in `slot`. */
  add(wep: number, slot: number): void {
    if (this.n === this.keys.length) this.grow();
    this.keys[this.n++] = ((((wep & 0x3fff) << 2) | (wep >> 14)) << 12) | slot;
  }

  /**
   * The positions of the lexeme in `slot`, varint-coded in bytes[p .. end) as Postings writes
   * them (zigzag(pos − previous pos) · 4 + weight).
   */
  addCoded(bytes: Uint8Array, p: number, end: number, slot: number): void {
    // At least a byte a position.
    while (this.n + (end - p) > this.keys.length) this.grow();
    const keys = this.keys;
    let n = this.n;
    let pos = 0;
    while (p < end) {
      let b = bytes[p++]!;
      let v = b & 127;
      for (let sh = 7; b > 127; sh += 7) v |= ((b = bytes[p++]!) & 127) << sh;
      const zz = v >>> 2;
      pos += (zz >>> 1) ^ -(zz & 1);
      keys[n++] = (((pos << 2) | (v & 3)) << 12) | slot;
    }
    this.n = n;
  }

  /**
   * A one-operand query's sum over one lexeme's positions, coded in bytes[p .. end) (as addCoded
   * reads them), before rank()'s rounding to float4: each position is a cover of its own, and one
   * slot's ascending positions already are in compareDocR's order, so for a document in which
   * one lexeme matches, Math.fround of this is rank(1), without add() and the sort (issue 17,
   * docs/performance.md change 54). NaN when a position does not ascend: rank() must then sort
   * and join them.
   */
  sumCoded(bytes: Uint8Array, p: number, end: number): number {
    const cpos = this.cpos;
    let wdoc = 0.0;
    const start = p;
    // Only each varint's first byte is read: it holds the weight (bits 0–1) and the zigzag sign
    // (bit 2), and a delta of 0 is the only one that fits in it with neither set beyond them.
    while (p < end) {
      const at = p;
      const b = bytes[p++]!;
      // The first position may be any; each later one must lie past the one before (zigzag even, not 0).
      if (at !== start && ((b & 4) !== 0 || b < 4)) return Number.NaN;
      wdoc += cpos[b & 3]!;
      if (b > 127) while (bytes[p++]! > 127);
    }
    return wdoc;
  }

  /**
   * rank(3) for a document in which each of two operands matches one lexeme: slot 0's positions
   * coded in bytes[a .. aEnd), slot 1's in bytes[b .. bEnd) (as addCoded reads them), the slots'
   * operand bits in `maskA` and `maskB`. With two operands each cover Cover finds is a pair of
   * neighbouring entries in compareDocR's order that belong to different operands (the first
   * entry from extPos completing the query closes it, the one before it opens it, and extPos
   * moves to its end), so calc_rank_cd's sum is taken in one merge of the two runs, in the same
   * order and with the same operations, without rank()'s sort, join of equal entries and scans
   * (issue 17: two common words, docs/performance.md change 57). A run that descends or holds
   * position 0 is left to rank().
   */
  rankPair(bytes: Uint8Array, a: number, aEnd: number, b: number, bEnd: number, maskA: number, maskB: number): number {
    const around = rankAroundOne(this.invws, bytes, a, aEnd, b, bEnd, this.runsAscend);
    if (!Number.isNaN(around)) return around;
    this.reset();
    this.slot(0, maskA);
    this.slot(1, maskB);
    this.addCoded(bytes, a, aEnd, 0);
    const split = this.n;
    this.addCoded(bytes, b, bEnd, 1);
    const { keys, n } = this;
    if (split === 0 || split === n || keys[0]! >>> 14 === 0 || keys[split]! >>> 14 === 0) return this.rank(3);
    let i = 0;
    let j = split;
    let previous = -1;
    let previousSide = -1;
    let wdoc = 0.0;
    while (i < split || j < n) {
      const fromA = j === n || (i < split && keys[i]! < keys[j]!);
      const key = fromA ? keys[i++]! : keys[j++]!;
      // Each run ascends, or rank() must sort it. (An entry twice, which rank() joins, makes no
      // cover of its own: both copies are one operand's.)
      if (fromA ? i > 1 && keys[i - 2]! > key : j > split + 1 && keys[j - 2]! > key) return this.rank(3);
      const side = fromA ? 0 : 1;
      if (previousSide !== -1 && side !== previousSide) wdoc += coverTerm(this.invws, previous, key);
      previous = key;
      previousSide = side;
    }
    return Math.fround(wdoc);
  }

  /**
   * The float4 ts_rank_cd returns, as a number (Math.fround of calc_rank_cd's double). `pairs`
   * false: two operands' covers found by Cover's own scans too (tests compare the two walks).
   */
  rank(full: number, pairs = true): number {
    const n = this.n;
    if (n === 0) return 0; // get_docrep found no positions: calc_rank_cd returns 0.0
    const keys = this.keys;
    // compareDocR: by position, then weight, then WordEntry (the slot). The keys come as a
    // few ascending runs (one per lexeme): insertion sort for short lists.
    if (n <= 64) {
      for (let i = 1; i < n; i++) {
        const key = keys[i]!;
        let j = i - 1;
        if (keys[j]! <= key) continue;
        while (j >= 0 && keys[j]! > key) keys[j + 1] = keys[j--]!;
        keys[j + 1] = key;
      }
    } else keys.subarray(0, n).sort();
    if (full === 1) {
      // One operand: every entry is a cover of its own (Cover finds [i, i] for each i).
      let wdoc = 0.0;
      let i = 0;
      for (; i < n; i++) {
        if (i > 0 && keys[i] === keys[i - 1]) break;
        wdoc += this.cpos[(keys[i]! >> 12) & 3]!;
      }
      if (i === n) return Math.fround(wdoc);
    }
    const { pos, weight, mask, slotMask } = this;
    if (pairs && full === 3 && !this.joint && keys[0]! >>> 14 !== 0) {
      // Two operands, each lexeme matching one: the covers are neighbouring entries of different
      // operands (rankPair). Equal keys, joined below, need no joining here: one operand's both.
      let wdoc = 0.0;
      let previous = keys[0]!;
      let side = slotMask[previous & 4095]!;
      for (let i = 1; i < n; i++) {
        const key = keys[i]!;
        const s = slotMask[key & 4095]!;
        if (s !== side) wdoc += coverTerm(this.invws, previous, key);
        previous = key;
        side = s;
      }
      return Math.fround(wdoc);
    }
    // get_docrep joins the operands matching one WordEntry at one WordEntryPos: equal keys.
    let len = 0;
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      if (i > 0 && key === keys[i - 1]) continue;
      pos[len] = key >>> 14;
      weight[len] = (key >> 12) & 3;
      mask[len] = slotMask[key & 4095]!;
      len++;
    }
    return Math.fround(this.wdoc(len, full));
  }

  /** calc_rank_cd's loop over Cover(); Cover's tail recursion is the `continue` below. */
  private wdoc(len: number, full: number): number {
    const { pos, weight, mask, invws } = this;
    let wdoc = 0.0;
    let extPos = 0;
    for (;;) {
      // Cover: find the upper bound of a cover from extPos, moving up.
      let seen = 0;
      let q = 0;
      let end = -1;
      let lastpos = extPos;
      let found = false;
      for (let i = extPos; i < len; i++) {
        seen |= mask[i]!;
        if (seen === full) {
          if (pos[i]! > q) {
            q = pos[i]!;
            end = i;
            lastpos = i;
            found = true;
          }
          break;
        }
      }
      if (!found) return wdoc;
      // ... then its lower bound, moving down from the upper bound.
      seen = 0;
      let p = 0x7fffffff;
      let begin = -1;
      let ptr = lastpos;
      for (; ptr >= extPos; ptr--) {
        seen |= mask[ptr]!;
        if (seen === full) {
          if (pos[ptr]! < p) {
            begin = ptr;
            p = pos[ptr]!;
          }
          break;
        }
      }
      if (!(p <= q)) {
        extPos++;
        continue;
      }
      extPos = ptr + 1;
      // calc_rank_cd: one cover's weight, in doubles.
      let invSum = 0.0;
      for (let i = begin; i <= end; i++) invSum += invws[weight[i]!]!;
      const cpos = (end - begin + 1) / invSum;
      // "if doc are big enough then ext.q may be equal to ext.p due to limit of positional
      // information": then the noise is half the cover's length (C integer division).
      let nNoise = q - p - (end - begin);
      if (nNoise < 0) nNoise = Math.trunc((end - begin) / 2);
      wdoc += cpos / (1 + nNoise);
    }
  }

  private grow(): void {
    const size = this.keys.length * 2;
    const keys = new Int32Array(size);
    keys.set(this.keys);
    this.keys = keys;
    this.pos = new Int32Array(size);
    this.weight = new Int32Array(size);
    this.mask = new Int32Array(size);
  }
}

/**
 * Whether any `count` values from `values` add up exactly in a double, in any order: every value
 * is a whole number of units 2^-q, and `count` of the largest stay below 2^53 units. Our weights
 * (float4 0.1, 0.2, 0.4 and 1.0: 24-bit mantissas) pass with q = 27.
 */
function exactlySummable(values: Float64Array, count: number): boolean {
  for (let q = 0; q <= 64; q++) {
    const scale = 2 ** q;
    if (values.every((v) => Number.isInteger(v * scale))) return Math.max(...values) * scale * count < 2 ** 53;
  }
  return false;
}
