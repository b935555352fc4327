/**
 * ts_rank_cd(weights, vector, query) with normalization 0, for a query that is an AND of
 * operands, emulated bit for bit from PostgreSQL 15's src/backend/utils/adt/tsrank.c
 * (get_docrep, Cover, calc_rank_cd). One ranker serves one document at a time: add() every
 * position of every lexeme the query's operands match, then rank().
 */
const ORDER_BITS = 2 ** 20;
/** The most lexemes one query may match: their order must fit in the sort key. */
export const MAX_MATCHED_LEXEMES = ORDER_BITS;

export class CoverRanker {
  /** ((position * 4 + weight) * 2^20 + lexeme order) * 256 + operand mask: get_docrep's sort key. */
  private keys = new Float64Array(256);
  private pos = new Int32Array(256);
  private weight = new Int32Array(256);
  private mask = new Int32Array(256);
  private n = 0;
  private readonly invws: Float64Array;

  /** `weights`: the float4[] ts_rank_cd is given, indexed by weight (D, C, B, A). */
  constructor(weights: readonly number[]) {
    // calc_rank_cd: invws[i] = 1.0 / (double) arrdata[i], arrdata being float4.
    this.invws = Float64Array.from(weights, (w) => 1.0 / Math.fround(w));
  }

  reset(): void {
    this.n = 0;
  }

  /**
   * One position (a WordEntryPos: weight << 14 | pos) of a lexeme with `order` (its rank in the
   * vector's lexeme order, tsCompareString) matched by the operands in `mask` (a bit each).
   */
  add(wep: number, order: number, mask: number): void {
    if (this.n === this.keys.length) this.grow();
    this.keys[this.n++] = (((wep & 0x3fff) * 4 + (wep >> 14)) * ORDER_BITS + order) * 256 + mask;
  }

  /** The float4 ts_rank_cd returns, as a number (Math.fround of calc_rank_cd's double). */
  rank(full: number): number {
    const n = this.n;
    if (n === 0) return 0; // get_docrep found no positions: calc_rank_cd returns 0.0
    const keys = this.keys.subarray(0, n);
    for (let i = 1; i < n; i++) {
      if (keys[i]! < keys[i - 1]!) {
        // compareDocR: by position, then weight, then WordEntry (lexeme order).
        keys.sort();
        break;
      }
    }
    // get_docrep joins the operands matching one WordEntry at one WordEntryPos: equal keys.
    const { pos, weight, mask } = this;
    let len = 0;
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      if (i > 0 && key === keys[i - 1]) continue;
      const m = key % 256;
      const pw = Math.floor(key / (256 * ORDER_BITS));
      pos[len] = pw >> 2;
      weight[len] = pw & 3;
      mask[len] = m;
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
    const keys = new Float64Array(size);
    keys.set(this.keys);
    this.keys = keys;
    this.pos = new Int32Array(size);
    this.weight = new Int32Array(size);
    this.mask = new Int32Array(size);
  }
}
