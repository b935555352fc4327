import { Postings } from '../postings.js';
import type { TextIndex } from '../text-index.js';
import { Fts5Tokenizer } from './fts5-tokenizer.js';

/**
 * FTS5's bm25() over `projects_fts`, in memory (issue 17). On 100,000 projects SQLite ranked
 * every match of a common word before paging: p50 93 ms, p99 375 ms, 5.9 ms of CPU for an
 * uncached search. Here a query reads the postings of the terms its prefixes cover and scores
 * each match with the arithmetic of fts5Bm25Function (ext/fts5/fts5_aux.c), in the same
 * floating-point order, so ranks are bit-identical and so is every tie the ordering breaks:
 *   idf = log((N - nHit + 0.5) / (nHit + 0.5)), at least 1e-6, N every row (published or not),
 *   score = Σ idf · (f · (k1 + 1)) / (f + k1 · (1 - b + b · D / avgdl)), k1 1.2, b 0.75,
 * f the column-weighted count of every token starting with the phrase's token, D the row's
 * tokens, avgdl all tokens / N. test/search/bm25-index.test.ts compares ranks with FTS5's own.
 */

/** One row of projects_fts: title, summary, description, client, tags, services, technologies. */
export type FtsRow = readonly [string, string, string, string, string, string, string];

/** bm25(projects_fts, 0, 10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0) without the UNINDEXED project_id. */
export const FTS_WEIGHTS: readonly number[] = [10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0];

const K1 = 1.2;
const B = 0.75;

export class SqliteTextIndex implements TextIndex<FtsRow> {
  private readonly tokenizer: Fts5Tokenizer;
  private readonly postings = new Postings();
  private sizes = new Int32Array(0);
  private live = new Uint8Array(0);
  private rows = 0;
  private tokens = 0;
  private scratch: { freq: Int32Array; touched: Int32Array }[] = [];
  /** matchNow()'s answer, reused: at most one document per live slot */
  private out = { docs: new Int32Array(0), ranks: new Float64Array(0) };

  constructor(private readonly weights: readonly number[] = FTS_WEIGHTS) {
    this.tokenizer = new Fts5Tokenizer(weights.length);
  }

  set(doc: number, source: FtsRow): void {
    this.delete(doc);
    // Weights are whole numbers: summing them as integers is exact, as fts5Bm25Function's doubles are.
    const { counts, size } = this.tokenizer.document(source, this.weights);
    this.postings.set(doc, [...counts.keys()], [...counts.values()]);
    this.grow(doc + 1);
    this.sizes[doc] = size;
    this.live[doc] = 1;
    this.rows += 1;
    this.tokens += size;
  }

  delete(doc: number): void {
    if (this.live[doc] !== 1) return;
    this.postings.delete(doc);
    this.live[doc] = 0;
    this.rows -= 1;
    this.tokens -= this.sizes[doc]!;
  }

  /** Folds recent changes into the compact form; the store calls it after a batch of changes. */
  compact(): void {
    this.postings.compact();
  }

  close(): void {
    this.tokenizer.close();
  }

  async match(terms: readonly string[]): Promise<{ docs: Int32Array; ranks: Float64Array } | undefined> {
    const found = this.matchNow(terms);
    return found && { docs: found.docs.slice(), ranks: found.ranks.slice() };
  }

  /** match() without the promise, in this index's scratch arrays (TextIndex.matchNow). */
  matchNow(terms: readonly string[]): { docs: Int32Array; ranks: Float64Array } | undefined {
    const tokens: string[] = [];
    for (const term of terms) {
      const token = this.tokenizer.queryToken(term);
      if (token === undefined) return undefined;
      tokens.push(token);
    }
    if (tokens.length === 0 || this.rows === 0) return { docs: new Int32Array(0), ranks: new Float64Array(0) };
    const phrases = tokens.map((token, i) => {
      const space = this.scratchFor(i);
      return { ...space, hits: this.postings.accumulate(token, space.freq, space.touched) };
    });
    // fts5Bm25GetData: avgdl and one IDF per phrase, over every row of the table.
    const avgdl = this.tokens / this.rows;
    const idf = phrases.map(({ hits }) => {
      const value = this.tokenizer.log((this.rows - hits + 0.5) / (hits + 0.5));
      return value <= 0.0 ? 1e-6 : value;
    });
    const fewest = phrases.reduce((a, b) => (b.hits < a.hits ? b : a));
    if (this.out.docs.length < fewest.hits) this.out = { docs: new Int32Array(this.live.length), ranks: new Float64Array(this.live.length) };
    const { docs, ranks } = this.out;
    let n: number;
    if (phrases.length === 1) {
      n = scoreOne(fewest.touched, fewest.hits, fewest.freq, this.sizes, idf[0]!, avgdl, docs, ranks);
    } else {
      n = scoreAll(fewest.touched, fewest.hits, phrases.map((p) => p.freq), this.sizes, idf, avgdl, docs, ranks);
      for (const p of phrases) clear(p.freq, p.touched, p.hits);
    }
    return { docs: docs.subarray(0, n), ranks: ranks.subarray(0, n) };
  }

  private scratchFor(i: number): { freq: Int32Array; touched: Int32Array } {
    const size = this.live.length;
    let space = this.scratch[i];
    if (space === undefined || space.freq.length < size) this.scratch[i] = space = { freq: new Int32Array(size), touched: new Int32Array(size) };
    return space;
  }

  private grow(size: number): void {
    if (size <= this.live.length) return;
    const capacity = Math.max(size, this.live.length * 2, 1024);
    const sizes = new Int32Array(capacity);
    sizes.set(this.sizes);
    const live = new Uint8Array(capacity);
    live.set(this.live);
    this.sizes = sizes;
    this.live = live;
  }
}

// The loops below are functions of their own: V8 optimizes a small function called with the same
// typed arrays every time, where a loop inside matchNow ran as on-stack-replaced code that
// deoptimized at every exit (--trace-deopt), ~3× slower on a common word.

/**
 * One phrase: every touched document matches. Scores each (bm25() returns -1.0 · score and the
 * query negates it again: the rank is score itself) and clears its frequency in the same pass.
 */
function scoreOne(touched: Int32Array, hits: number, freq: Int32Array, sizes: Int32Array, idf: number, avgdl: number, docs: Int32Array, ranks: Float64Array): number {
  for (let t = 0; t < hits; t++) {
    const doc = touched[t]!;
    const f = freq[doc]!;
    freq[doc] = 0;
    const D = sizes[doc]!;
    docs[t] = doc;
    ranks[t] = -(-1.0 * (0.0 + idf * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * D) / avgdl)))));
  }
  return hits;
}

/** Several phrases: a document matches when every phrase occurs in it (AND); scores sum in phrase order. */
function scoreAll(touched: Int32Array, hits: number, freqs: Int32Array[], sizes: Int32Array, idf: number[], avgdl: number, docs: Int32Array, ranks: Float64Array): number {
  const count = freqs.length;
  let n = 0;
  next: for (let t = 0; t < hits; t++) {
    const doc = touched[t]!;
    for (let i = 0; i < count; i++) if (freqs[i]![doc] === 0) continue next;
    const D = sizes[doc]!;
    let score = 0.0;
    for (let i = 0; i < count; i++) {
      const f = freqs[i]![doc]!;
      score += idf[i]! * ((f * (K1 + 1.0)) / (f + K1 * (1 - B + (B * D) / avgdl)));
    }
    docs[n] = doc;
    ranks[n++] = -(-1.0 * score);
  }
  return n;
}

function clear(freq: Int32Array, touched: Int32Array, hits: number): void {
  for (let t = 0; t < hits; t++) freq[touched[t]!] = 0;
}
