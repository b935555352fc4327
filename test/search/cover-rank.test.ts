import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CoverRanker } from '../../src/search/postgres/cover-rank.js';
import { RANK_WEIGHTS } from '../../src/search/postgres/text-index.js';

/** Positions as Postings codes them: varint(zigzag(pos − previous pos) · 4 + weight) each. */
function coded(entries: readonly { pos: number; weight: number }[]): Uint8Array {
  const bytes: number[] = [];
  let previous = 0;
  for (const { pos, weight } of entries) {
    const delta = pos - previous;
    previous = pos;
    let value = (delta >= 0 ? delta * 2 : -delta * 2 - 1) * 4 + weight;
    while (value > 127) {
      bytes.push((value & 127) | 128);
      value >>>= 7;
    }
    bytes.push(value);
  }
  return Uint8Array.from(bytes);
}

/** A seeded generator (mulberry32): the same cases on every run. */
function seeded(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('CoverRanker.sumCoded', () => {
  it('ranks one lexeme\'s coded positions exactly as add() and rank() do', () => {
    const random = seeded(17);
    const ranker = new CoverRanker(RANK_WEIGHTS);
    for (let n = 0; n < 2000; n++) {
      // 0–300 ascending positions (a tsvector keeps at most 256 per lexeme), up to 16383, any weights.
      const count = Math.floor(random() ** 2 * 300);
      const entries: { pos: number; weight: number }[] = [];
      let pos = 0;
      for (let i = 0; i < count && pos < 16383; i++) {
        pos = Math.min(16383, pos + 1 + Math.floor(random() ** 3 * 400));
        entries.push({ pos, weight: Math.floor(random() * 4) });
      }
      const bytes = coded(entries);
      const padded = Uint8Array.from([7, ...bytes, 9]);
      ranker.reset();
      ranker.slot(0, 1);
      for (const e of entries) ranker.add((e.weight << 14) | e.pos, 0);
      const expected = ranker.rank(1);
      assert.equal(Math.fround(ranker.sumCoded(padded, 1, 1 + bytes.length)), expected, `case ${n}: ${entries.length} positions`);
      ranker.reset();
      ranker.slot(0, 1);
      ranker.addCoded(padded, 1, 1 + bytes.length, 0);
      assert.equal(ranker.rank(1), expected, 'addCoded reads what add() was given');
    }
  });

  it('adds several lexemes\' sums in any order to rank()\'s one-operand rank: the sums are exact', () => {
    const random = seeded(29);
    const ranker = new CoverRanker(RANK_WEIGHTS);
    assert.equal(ranker.sumsAreExact, true);
    assert.equal(new CoverRanker([1e-30, 0.2, 0.4, 1.0]).sumsAreExact, false, 'weights too far apart for exact sums');
    for (let n = 0; n < 500; n++) {
      // 2–12 lexemes of one prefix, each with up to 256 positions; positions may coincide across lexemes.
      const lexemes = Array.from({ length: 2 + Math.floor(random() * 11) }, () => {
        const entries: { pos: number; weight: number }[] = [];
        for (let pos = 0, i = Math.floor(random() * 257); i > 0 && pos < 16383; i--) {
          pos = Math.min(16383, pos + 1 + Math.floor(random() ** 4 * 200));
          entries.push({ pos, weight: Math.floor(random() * 4) });
        }
        return entries;
      });
      ranker.reset();
      lexemes.forEach((entries, slot) => {
        ranker.slot(slot, 1);
        for (const e of entries) ranker.add((e.weight << 14) | e.pos, slot);
      });
      const expected = ranker.rank(1);
      const sums = lexemes.map((entries) => {
        const bytes = coded(entries);
        return ranker.sumCoded(bytes, 0, bytes.length);
      });
      for (const order of [sums, [...sums].reverse()]) assert.equal(Math.fround(order.reduce((a, v) => a + v, 0)), expected, `case ${n}`);
    }
  });

  it('declines positions that do not ascend: rank() must sort and join those', () => {
    const ranker = new CoverRanker(RANK_WEIGHTS);
    const same = coded([{ pos: 5, weight: 3 }, { pos: 5, weight: 1 }]);
    const down = coded([{ pos: 9, weight: 0 }, { pos: 4, weight: 2 }]);
    assert.ok(Number.isNaN(ranker.sumCoded(same, 0, same.length)));
    assert.ok(Number.isNaN(ranker.sumCoded(down, 0, down.length)));
    assert.equal(ranker.sumCoded(coded([]), 0, 0), 0, 'no positions: 0, as calc_rank_cd');
  });
});

describe('CoverRanker.rankPair', () => {
  /** Up to `max` positions from `start`, ascending, clamped at 16383 as PostgreSQL clamps them (so some repeat). */
  function run(random: () => number, max: number, start: number): { pos: number; weight: number }[] {
    const entries: { pos: number; weight: number }[] = [];
    for (let pos = start, i = Math.floor(random() * (max + 1)); i > 0; i--) {
      entries.push({ pos, weight: Math.floor(random() * 4) });
      pos = Math.min(16383, pos + Math.floor(random() ** 3 * 60) + (random() < 0.9 ? 1 : 0));
    }
    return entries;
  }

  type Run = { pos: number; weight: number }[];
  /** Whether no entry of `r` sorts before the one ahead of it (position, then weight). */
  const ascends = (r: Run) => r.every((e, i) => i === 0 || ((e.pos << 2) | e.weight) >= ((r[i - 1]!.pos << 2) | r[i - 1]!.weight));
  /** Two slots' runs ranked by add() and Cover's own scans (rank(3) without its pair walk): the reference. */
  function byCover(ranker: CoverRanker, a: Run, b: Run, maskA = 1, maskB = 2): number {
    ranker.reset();
    ranker.slot(0, maskA);
    ranker.slot(1, maskB);
    for (const e of a) ranker.add((e.weight << 14) | e.pos, 0);
    for (const e of b) ranker.add((e.weight << 14) | e.pos, 1);
    return ranker.rank(3, false);
  }

  it('ranks two operands\' runs of positions exactly as add() and rank(3) do', () => {
    const random = seeded(41);
    const ranker = new CoverRanker(RANK_WEIGHTS);
    for (let n = 0; n < 5000; n++) {
      // Runs that interleave, share positions, start at 0 (a lexeme without positions), end at the clamp.
      const starts = [0, 1, 2, 16000, 16383];
      const a = run(random, n % 7 === 0 ? 300 : 12, random() < 0.9 ? 1 + Math.floor(random() * 30) : starts[Math.floor(random() * starts.length)]!);
      const b = run(random, n % 5 === 0 ? 300 : 12, random() < 0.9 ? 1 + Math.floor(random() * 30) : starts[Math.floor(random() * starts.length)]!);
      const [maskA, maskB] = n % 2 === 0 ? [1, 2] : [2, 1];
      const expected = byCover(ranker, a, b, maskA, maskB);
      // The ranker still holds both runs: rank() again, now with its pair walk.
      assert.equal(ranker.rank(3), expected, `case ${n}: rank()'s pair walk`);
      const bytes = Uint8Array.from([...coded(a), ...coded(b)]);
      const split = coded(a).length;
      assert.equal(ranker.rankPair(bytes, 0, split, split, bytes.length, maskA, maskB), expected, `case ${n}: ${JSON.stringify({ a, b })}`);
      // Runs known not to descend (an arena of PostgreSQL's vectors): read only as far as needed.
      if (ascends(a) && ascends(b)) {
        ranker.runsAscend = true;
        assert.equal(ranker.rankPair(bytes, 0, split, split, bytes.length, maskA, maskB), expected, `case ${n}, runs ascending: ${JSON.stringify({ a, b })}`);
        ranker.runsAscend = false;
      }
    }
  });

  it('walks the pairs in rank() as Cover does for two operands of several lexemes each', () => {
    const random = seeded(53);
    const ranker = new CoverRanker(RANK_WEIGHTS);
    for (let n = 0; n < 3000; n++) {
      // 2–5 lexemes, each matching operand 1 or 2 (both present), now and then one matching both.
      const masks = Array.from({ length: 2 + Math.floor(random() * 4) }, (_, i) => (i < 2 ? i + 1 : random() < 0.1 ? 3 : 1 + Math.floor(random() * 2)));
      ranker.reset();
      masks.forEach((mask, slot) => {
        ranker.slot(slot, mask);
        for (const e of run(random, n % 9 === 0 ? 260 : 10, random() < 0.95 ? 1 + Math.floor(random() * 40) : 0)) ranker.add((e.weight << 14) | e.pos, slot);
      });
      assert.equal(ranker.rank(3), ranker.rank(3, false), `case ${n}: masks ${masks.join(',')}`);
    }
  });

  it('leaves a run that descends or holds position 0, and an empty run, to rank()', () => {
    const ranker = new CoverRanker(RANK_WEIGHTS);
    const pairOf = (a: Run, b: Run) => {
      const bytes = Uint8Array.from([...coded(a), ...coded(b)]);
      return ranker.rankPair(bytes, 0, coded(a).length, coded(a).length, bytes.length, 1, 2);
    };
    const cases: [Run, Run, string][] = [
      [[{ pos: 9, weight: 2 }, { pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }], 'descending'],
      [[{ pos: 3, weight: 2 }, { pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }], 'an entry twice'],
      [[{ pos: 0, weight: 0 }], [{ pos: 4, weight: 1 }], 'position 0 (a lexeme without positions)'],
      [[{ pos: 0, weight: 0 }], [{ pos: 0, weight: 1 }], 'both at position 0'],
      [[], [{ pos: 4, weight: 1 }], 'no positions'],
      [[{ pos: 3, weight: 0 }, { pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }], 'one position with two weights: two entries'],
    ];
    for (const [a, b, what] of cases) assert.equal(pairOf(a, b), byCover(ranker, a, b), what);
    assert.equal(pairOf([{ pos: 3, weight: 2 }, { pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }]), pairOf([{ pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }]), 'an entry twice counts once');
    assert.equal(pairOf([{ pos: 3, weight: 0 }, { pos: 3, weight: 2 }], [{ pos: 4, weight: 1 }]), Math.fround(2 / (1 / Math.fround(0.4) + 1 / Math.fround(0.2))));
    // `a b`, adjacent, both weight A: one cover, Cpos 1, no noise.
    assert.equal(pairOf([{ pos: 1, weight: 3 }], [{ pos: 2, weight: 3 }]), 1);
  });
});
