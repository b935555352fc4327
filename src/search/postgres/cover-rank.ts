/**
 * ts_rank_cd(weights, vector, query) with normalization 0, for a query that is an AND of
 * operands, emulated bit for bit from PostgreSQL 15's src/backend/utils/adt/tsrank.c
 * (get_docrep, Cover, calc_rank_cd). One ranker serves one document at a time: add() every
 * position of every lexeme the query's operands match, then rank().
 */
/** The most lexemes of one document one query may match (slots in the sort key). */
export const MAX_SLOTS = 4096;

export class CoverRanker {
  /** (((position << 2) | weight) << 12) | slot: get_docrep's sort key (compareDocR). */
  private keys = new Int32Array(256);
  private pos = new Int32Array(256);
  private weight = new Int32Array(256);
  private mask = new Int32Array(256);
  private readonly slotMask = new Int32Array(MAX_SLOTS);
  private n = 0;
  private readonly invws: Float64Array;
  private readonly cpos: Float64Array;

  /** `weights`: the float4[] ts_rank_cd is given, indexed by weight (D, C, B, A). */
  constructor(weights: readonly number[]) {
    // calc_rank_cd: invws[i] = 1.0 / (double) arrdata[i], arrdata being float4.
    this.invws = Float64Array.from(weights, (w) => 1.0 / Math.fround(w));
    // A cover of one entry: Cpos = 1 / invws[w], nNoise = 0.
    this.cpos = this.invws.map((inv) => 1 / inv);
  }

  reset(): void {
    this.n = 0;
  }

  /**
   * Declares the lexeme in `slot`: slots number a document's matched lexemes in the vector's
   * lexeme order (tsCompareString), which breaks compareDocR's ties; `mask` has a bit for each
   * operand matching it.
   */
  slot(slot: number, mask: number): void {
    this.slotMask[slot] = mask;
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
   * rank(1) of a document in which the one operand matches one lexeme, read straight from its
   * positions coded in bytes[p .. end) (as addCoded reads them), without add() and the sort:
   * one slot's ascending positions already are in compareDocR's order, and each is a cover of its
   * own, so this is rank()'s one-operand sum over the same entries in the same order (issue 17: a
   * common word's cold match() on 100,000 documents, docs/performance.md change 54). NaN when a
   * position does not ascend: rank() must then sort and join them.
   */
  rankAlone(bytes: Uint8Array, p: number, end: number): number {
    const cpos = this.cpos;
    let wdoc = 0.0;
    const start = p;
    while (p < end) {
      const at = p;
      let b = bytes[p++]!;
      let v = b & 127;
      for (let sh = 7; b > 127; sh += 7) v |= ((b = bytes[p++]!) & 127) << sh;
      const zz = v >>> 2;
      // The first position may be any; each later one must lie past the one before.
      if (at !== start && ((zz >>> 1) ^ -(zz & 1)) <= 0) return Number.NaN;
      wdoc += cpos[v & 3]!;
    }
    return Math.fround(wdoc);
  }

  /** The float4 ts_rank_cd returns, as a number (Math.fround of calc_rank_cd's double). */
  rank(full: number): number {
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
    // get_docrep joins the operands matching one WordEntry at one WordEntryPos: equal keys.
    const { pos, weight, mask, slotMask } = this;
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
