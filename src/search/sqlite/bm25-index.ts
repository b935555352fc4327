import { BoundedMap } from '../../lib/bounded-map.js';
import { Postings } from '../postings.js';
import type { TextIndex } from '../text-index.js';
import { FACTOR_CEILING, factorOf, lengthNorms } from './bm25-factor.js';
import { Fts5Tokenizer } from './fts5-tokenizer.js';
import { copyDocs, scoreAll, scoreOne } from './score-matches.js';
import { rankedList, topMatches, type RankedList } from './threshold.js';
import { capacityFor, grown } from '../grown.js';

/**
 * FTS5's bm25() over `projects_fts`, in memory (issue 17). On 100,000 projects SQLite ranked
 * every match of a common word before paging: p50 93 ms, p99 375 ms, 5.9 ms of CPU for an
 * uncached search. Here a query reads the postings of the terms its prefixes cover and scores
 * each match with the arithmetic of fts5Bm25Function (ext/fts5/fts5_aux.c), in the same
 * floating-point order, so ranks are bit-identical and so is every tie the ordering breaks:
 *   idf = log((N - nHit + 0.5) / (nHit + 0.5)), at least 1e-6, N every row (published or not),
 *   score = Σ idf · factor(f), each phrase's factor as bm25-factor.ts computes it, f the
 * column-weighted count of every token starting with the phrase's token.
 * test/search/bm25-index.test.ts compares ranks with FTS5's own.
 * Each word's matches are kept until the index changes (matchesOf), and a page in rank order
 * walks only the best of them (topNow, threshold.ts).
 */

/** One row of projects_fts: title, summary, description, client, tags, services, technologies. */
export type FtsRow = readonly [string, string, string, string, string, string, string];

/** bm25(projects_fts, 0, 10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0) without the UNINDEXED project_id. */
export const FTS_WEIGHTS: readonly number[] = [10.0, 4.0, 1.0, 3.0, 5.0, 3.0, 3.0];

/**
 * What matchesOf() keeps: 4,096 words and 16 MB of typed arrays in all. At 100,000 projects a
 * word in every project takes 0.64 MB (1.24 MB while it kept factors, not frequencies: change
 * 61) and a rare one ~25 KB (its bitmap spans the documents).
 */
export const KEPT_WORDS = { words: 4096, bytes: 16 * 2 ** 20 } as const;
/** topNow() walks at most this many of a phrase's best matches; a deeper page scores them all. */
const MAX_BEST = 1024;

export class SqliteTextIndex implements TextIndex<FtsRow> {
  private readonly tokenizer: Fts5Tokenizer;
  private readonly postings = new Postings();
  private sizes = new Int32Array(0);
  private live = new Uint8Array(0);
  private rows = 0;
  private tokens = 0;
  /** matchesOf()'s scratch: a frequency per document, the documents it touched, their factors */
  private freq = new Int32Array(0);
  private touched = new Int32Array(0);
  private factors = new Float64Array(0);
  /** each document's length term (bm25-factor.ts), while `normsFresh` */
  private norms: Float64Array = new Float64Array(0);
  private normsFresh = false;
  /** matchesOf()'s answers while the index is unchanged, weighed by their bytes */
  private readonly matches: BoundedMap<string, RankedList>;
  /** matchNow()'s answer, reused: at most one document per live slot */
  private out = { docs: new Int32Array(0), ranks: new Float64Array(0) };
  /** topNow()'s walks so far, and per document the last walk that saw it */
  private walks = 0;
  private seen = new Uint8Array(0);

  constructor(
    private readonly weights: readonly number[] = FTS_WEIGHTS,
    kept: { words: number; bytes: number } = KEPT_WORDS,
  ) {
    this.tokenizer = new Fts5Tokenizer(weights.length);
    this.matches = new BoundedMap(kept.words, { maxWeight: kept.bytes, weigh: bytesOf });
  }

  /** The words whose matches are kept, and their bytes. */
  get kept(): { words: number; bytes: number } {
    return { words: this.matches.size, bytes: this.matches.weight };
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
    this.forgetMatches();
  }

  delete(doc: number): void {
    if (this.live[doc] !== 1) return;
    this.postings.delete(doc);
    this.live[doc] = 0;
    this.rows -= 1;
    this.tokens -= this.sizes[doc]!;
    this.forgetMatches();
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
  matchNow(terms: readonly string[], ranked = true): { docs: Int32Array; ranks: Float64Array } | undefined {
    const query = this.phrases(terms);
    if (query === undefined || query.phrases.length === 0) return query && { docs: new Int32Array(0), ranks: new Float64Array(0) };
    const { phrases, idf, norms } = query;
    const { docs, ranks } = this.outFor(Math.min(...phrases.map((p) => p.docs.length)));
    if (!ranked) {
      const n = phrases.length === 1 ? copyDocs(phrases[0]!, docs) : scoreAll(phrases, idf, norms, docs, undefined);
      return { docs: docs.subarray(0, n), ranks: ranks.subarray(0, 0) };
    }
    const n = phrases.length === 1 ? scoreOne(phrases[0]!, idf[0]!, norms, docs, ranks) : scoreAll(phrases, idf, norms, docs, ranks);
    return { docs: docs.subarray(0, n), ranks: ranks.subarray(0, n) };
  }

  /** TextIndex.topNow: the threshold algorithm (threshold.ts) over each phrase's best factors. */
  topNow(terms: readonly string[], k: number, admits: (doc: number) => boolean): { docs: Int32Array; ranks: Float64Array } | undefined {
    const query = this.phrases(terms);
    if (query === undefined || query.phrases.length === 0 || k > MAX_BEST) return undefined;
    const size = this.live.length;
    const out = this.outFor(size);
    if (this.seen.length < size) this.seen = new Uint8Array(size);
    if (this.walks === 255) [this.walks, this.seen] = [0, this.seen.fill(0)];
    const n = topMatches(query.phrases, query.idf, query.norms, k, admits, out, this.seen, ++this.walks);
    const { docs, ranks } = out;
    return n < 0 ? undefined : { docs: docs.subarray(0, n), ranks: ranks.subarray(0, n) };
  }

  /** The answer's scratch arrays, room for `needed` documents (grown to one per live slot). */
  private outFor(needed: number): { docs: Int32Array; ranks: Float64Array } {
    if (this.out.docs.length < needed) this.out = { docs: new Int32Array(this.live.length), ranks: new Float64Array(this.live.length) };
    return this.out;
  }

  /** Drops the kept word lists and the length terms: the index changed. A build calls this per document, and clearing an empty Map would allocate a table each time. */
  private forgetMatches(): void {
    if (this.matches.size > 0) this.matches.clear();
    this.normsFresh = false;
  }

  /** Each document's length term for the index as it is (avgdl moves with every change). */
  private normsNow(): Float64Array {
    if (!this.normsFresh) {
      this.norms = lengthNorms(this.sizes, this.live.length, this.tokens / this.rows, this.norms);
      this.normsFresh = true;
    }
    return this.norms;
  }

  /** Each query term's matches and IDF, and the length terms; undefined when a term is not exactly one token. */
  private phrases(terms: readonly string[]): { phrases: RankedList[]; idf: number[]; norms: Float64Array } | undefined {
    const tokens: string[] = [];
    for (const term of terms) {
      const token = this.tokenizer.queryToken(term);
      if (token === undefined) return undefined;
      tokens.push(token);
    }
    if (tokens.length === 0 || this.rows === 0) return { phrases: [], idf: [], norms: this.norms };
    const norms = this.normsNow();
    const phrases = tokens.map((token) => this.matchesOf(token, norms));
    // fts5Bm25GetData: one IDF per phrase, over every row of the table.
    const idf = phrases.map(({ docs }) => {
      const value = this.tokenizer.log((this.rows - docs.length + 0.5) / (docs.length + 0.5));
      return value <= 0.0 ? 1e-6 : value;
    });
    return { phrases, idf, norms };
  }

  /**
   * The documents a query token matches, with their BM25 factors and what topNow() walks, kept
   * until the index changes.
   * Search words recur across queries far more than whole queries do: gathering a prefix's
   * postings (every term it covers, in every segment) was ~30% of an uncached search's CPU on
   * 10,000 projects (issue 17), and is paid here once per word while the catalog stays as it is.
   */
  private matchesOf(token: string, norms: Float64Array): RankedList {
    const kept = this.matches.get(token);
    if (kept !== undefined) return kept;
    const size = this.live.length;
    if (this.freq.length < size) [this.freq, this.touched, this.factors] = [new Int32Array(size), new Int32Array(size), new Float64Array(size)];
    const hits = this.postings.accumulate(token, this.freq, this.touched);
    const docs = ascendingDocs(this.touched, hits, this.freq);
    // ascendingDocs copied the touched documents: `touched` is free to hold their frequencies.
    const factors = this.factors.subarray(0, hits);
    const freqs = frequenciesOf(docs, this.freq, norms, this.touched, factors);
    const matches = rankedList(docs, freqs, factors, MAX_BEST, FACTOR_CEILING);
    this.matches.set(token, matches);
    return matches;
  }

  private grow(size: number): void {
    if (size <= this.live.length) return;
    const capacity = capacityFor(size, this.live.length);
    this.sizes = grown(this.sizes, capacity);
    this.live = grown(this.live, capacity);
  }
}

/**
 * The `hits` documents accumulate() touched (`touched[0 .. hits)`, each with a frequency in
 * `freq`, zero elsewhere), ascending. One term's postings come in order; a prefix's terms touch
 * theirs term after term, so their list interleaves, and for a word in an eighth of the
 * documents or more the frequencies are then read in document order rather than the list
 * sorted: sorting a common word's 99,000 matches was the largest part of its first search
 * (docs/performance.md change 58).
 */
export function ascendingDocs(touched: Int32Array, hits: number, freq: Int32Array): Int32Array {
  const docs = touched.slice(0, hits);
  let i = 1;
  while (i < hits && docs[i]! > docs[i - 1]!) i++;
  if (i >= hits) return docs;
  if (hits * 8 < freq.length) return docs.sort();
  for (let doc = 0, n = 0; n < hits; doc++) if (freq[doc] !== 0) docs[n++] = doc;
  return docs;
}

/** What a kept word's matches take in memory. */
function bytesOf(list: RankedList): number {
  return [list.docs, list.freqs, list.bestDocs, list.bestFactors, list.members, list.before].reduce((sum, array) => sum + array.byteLength, 0);
}

// The loop below and those of score-matches.ts are functions of their own: V8 optimizes a small
// function called with the same typed arrays every time, where a loop inside matchNow ran as
// on-stack-replaced code that deoptimized at every exit (--trace-deopt), ~3× slower on a common word.

/**
 * The phrase's frequency in each of `docs`, kept in 2 bytes each unless one exceeds them, and
 * each one's factor in `factors`; clears the frequencies it reads from `freq` (`scratch` holds
 * them meanwhile).
 */
function frequenciesOf(docs: Int32Array, freq: Int32Array, norms: Float64Array, scratch: Int32Array, factors: Float64Array): Uint16Array | Int32Array {
  let most = 0;
  for (let t = 0; t < docs.length; t++) {
    const doc = docs[t]!;
    const f = freq[doc]!;
    freq[doc] = 0;
    scratch[t] = f;
    if (f > most) most = f;
    factors[t] = factorOf(f, norms[doc]!);
  }
  const held = scratch.subarray(0, docs.length);
  if (most > 0xffff) return held.slice();
  const narrow = new Uint16Array(docs.length);
  narrow.set(held);
  return narrow;
}
