import type { TextIndex } from '../text-index.js';
import { matchArena } from './arena-match.js';
import { CoverRanker, MAX_SLOTS } from './cover-rank.js';
import { Lexicon } from './lexicon.js';
import { Postings, type StoredDoc } from './postings.js';
import { parseTsvector } from './tsvector-text.js';
import { TsqueryCache, type ToTsquery } from './tsquery.js';
import { capacityFor, grown } from '../grown.js';

/** The weights postgresSearch ranks with, '{0.1, 0.2, 0.4, 1.0}': D, C, B, A (tsrank.c's order). */
export const RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;

/**
 * PostgreSQL's full-text search over `projects.search` held in memory (issue 17): which
 * documents `search @@ to_tsquery('english', 't1:* & t2:*')` matches and their
 * `ts_rank_cd('{0.1, 0.2, 0.4, 1.0}', search, …)`, bit-identical (float4 values), from each
 * document's `search::text`. The query is lexized by PostgreSQL (`toTsquery`, cached).
 *
 * Documents live in a positional inverted index (Postings) rebuilt in bulk; documents set or
 * deleted since wait in a small overlay (`pending`), their old postings skipped (`dropped`).
 */
export class PostgresTextIndex implements TextIndex<string> {
  private readonly lexicon = new Lexicon();
  private readonly postings: Postings;
  private readonly queries: TsqueryCache;
  private readonly ranker = new CoverRanker(RANK_WEIGHTS);
  private readonly pending = new Map<number, StoredDoc>();
  /** 1: the document's postings in the arena are out of date (set again or deleted since). */
  private dropped = new Uint8Array(1024);
  private present = new Uint8Array(1024);
  private count = 0;
  /** Bumped by every set() and delete(): cached answers of an older version are stale. */
  private version = 0;
  /** Answers by operands, most recently used last, at most resultCacheDocs documents in all. */
  private readonly answers = new Map<string, { version: number; docs: Int32Array; ranks: Float64Array }>();
  private answerDocs = 0;
  /** match()'s scratch: a common word's matches are 100,000 documents, grown to once, not per call */
  private readonly results = new Results();

  /** `decodeFrom`: Postings' threshold for decoding a long word's postings (tests lower it). */
  constructor(toTsquery: ToTsquery, options: { queryCacheSize?: number; resultCacheDocs?: number; decodeFrom?: number } = {}) {
    this.postings = new Postings(options.decodeFrom);
    this.queries = new TsqueryCache(toTsquery, options.queryCacheSize);
    this.resultCacheDocs = options.resultCacheDocs ?? 500_000;
  }

  /** What the answer cache may hold, in documents: 12 bytes each; no one answer takes over a quarter. 0: no cache. */
  resultCacheDocs: number;

  /** Documents held. */
  get size(): number {
    return this.count;
  }

  /** Documents set or deleted since the arena was built, waiting in the overlay. */
  get waiting(): number {
    return this.pending.size;
  }

  set(doc: number, source: string): void {
    const parsed = parseTsvector(source);
    const lex = Int32Array.from(parsed.lexemes, (w) => this.lexicon.intern(w));
    this.forget(doc);
    this.present[doc] = 1;
    this.count++;
    this.pending.set(doc, { lex, ends: parsed.ends, positions: parsed.positions });
    // Rebuilding costs the whole arena: wait until the overlay is a quarter of the index.
    if (this.pending.size >= 1024 && this.pending.size * 4 >= this.count) this.flush();
  }

  delete(doc: number): void {
    this.forget(doc);
  }

  /** Folds the overlay into the arena (match() does it when the overlay is large). */
  flush(): void {
    if (this.pending.size === 0 && !this.dropped.includes(1)) return;
    this.postings.build(this.lexicon.size, this.dropped, this.pending);
    this.pending.clear();
    this.dropped.fill(0);
  }

  /**
   * After a load (the store calls it): folds an overlay too large for match() to walk, so that
   * the first search after a (re)load does not rebuild the arena itself (~0.9 s at 100,000
   * documents); a few changed documents stay in the overlay, as match() would leave them.
   */
  compact(): void {
    if (this.pending.size > 64) this.flush();
  }

  /** Bytes held in typed arrays (the arena and its decoded lists, the overlay's documents and the per-document flags). */
  typedBytes(): number {
    let bytes = this.postings.bytes.byteLength + this.postings.offsets.byteLength + this.postings.counts.byteLength + this.postings.decodedBytes + this.dropped.byteLength + this.present.byteLength;
    for (const d of this.pending.values()) bytes += d.lex.byteLength + d.ends.byteLength + d.positions.byteLength;
    return bytes;
  }

  /** The query's lexizing, cached for match(); the store sends it beside its catalog version read. */
  prepare(terms: readonly string[]): Promise<unknown> {
    return terms.length === 0 ? Promise.resolve() : this.queries.operands(terms);
  }

  async match(terms: readonly string[]): Promise<{ docs: Int32Array; ranks: Float64Array } | undefined> {
    if (terms.length === 0) return undefined;
    const operands = await this.queries.operands(terms);
    // An operand bit each in the ranker's key; searchTerms() gives at most 8 terms.
    if (operands === undefined || operands.length > 8) return undefined;
    const key = operands.join('\u0000');
    const cached = this.answers.get(key);
    if (cached !== undefined) {
      this.answers.delete(key);
      this.answerDocs -= cached.docs.length;
      // Read-only for callers (TextIndex.match): a hit hands out the cached arrays themselves.
      if (cached.version === this.version) return this.remember(key, cached), { docs: cached.docs, ranks: cached.ranks };
    }
    this.compact();
    const full = (1 << operands.length) - 1;
    // The lexemes each operand matches, with the operands' bits and their byte order.
    const masks = new Map<number, number>();
    const order = new Map<number, number>();
    for (const [bit, operand] of operands.entries()) {
      const { ids, from } = this.lexicon.prefixed(operand);
      if (ids.length === 0) return { docs: new Int32Array(0), ranks: new Float64Array(0) };
      for (let i = 0; i < ids.length; i++) {
        masks.set(ids[i]!, (masks.get(ids[i]!) ?? 0) | (1 << bit));
        order.set(ids[i]!, from + i);
      }
    }
    // Filled and copied out before anything yields (sorted()), so one is reused by every match.
    const out = this.results;
    out.length = 0;
    this.ranker.runsAscend = this.postings.ascending;
    if (!matchArena(this.postings, { masks, order, full }, this.dropped, this.ranker, out)) return undefined;
    const fromArena = out.length;
    const slots: number[] = [];
    for (const doc of [...this.pending.keys()].sort((a, b) => a - b)) {
      const { lex, ends, positions } = this.pending.get(doc)!;
      let seen = 0;
      slots.length = 0;
      for (let k = 0; k < lex.length; k++) {
        const mask = masks.get(lex[k]!);
        if (mask === undefined) continue;
        seen |= mask;
        slots.push(k);
      }
      if (seen !== full) continue;
      if (slots.length > MAX_SLOTS) return undefined;
      // Slots in the vector's lexeme order, as in the arena.
      slots.sort((a, b) => order.get(lex[a]!)! - order.get(lex[b]!)!);
      this.ranker.reset();
      for (const [slot, k] of slots.entries()) {
        this.ranker.slot(slot, masks.get(lex[k]!)!);
        for (let j = k === 0 ? 0 : ends[k - 1]!; j < ends[k]!; j++) this.ranker.add(positions[j]!, slot);
      }
      out.push(doc, this.ranker.rank(full));
    }
    const answer = out.sorted(fromArena);
    this.remember(key, { version: this.version, docs: answer.docs, ranks: answer.ranks });
    return answer;
  }

  private remember(key: string, answer: { version: number; docs: Int32Array; ranks: Float64Array }): void {
    if (answer.docs.length === 0 ? this.resultCacheDocs === 0 : answer.docs.length > this.resultCacheDocs / 4) return;
    this.answers.set(key, answer);
    this.answerDocs += answer.docs.length;
    for (const [old, { docs }] of this.answers) {
      if (this.answerDocs <= this.resultCacheDocs) break;
      this.answers.delete(old);
      this.answerDocs -= docs.length;
    }
  }

  private forget(doc: number): void {
    this.version++;
    if (doc >= this.present.length) this.growTo(doc);
    if (this.present[doc] === 1) this.count--;
    this.present[doc] = 0;
    this.dropped[doc] = 1;
    this.pending.delete(doc);
  }

  private growTo(doc: number): void {
    const capacity = capacityFor(doc + 1, this.present.length);
    this.present = grown(this.present, capacity);
    this.dropped = grown(this.dropped, capacity);
  }
}

/** Matches in two runs each ascending by document (the arena's, then the overlay's). */
class Results {
  docs = new Int32Array(1024);
  ranks = new Float64Array(1024);
  length = 0;

  push(doc: number, rank: number): void {
    if (this.length === this.docs.length) {
      this.docs = grown(this.docs, this.length * 2);
      this.ranks = grown(this.ranks, this.length * 2);
    }
    this.docs[this.length] = doc;
    this.ranks[this.length++] = rank;
  }

  /** Both runs merged into one, ascending by document. */
  sorted(split: number): { docs: Int32Array; ranks: Float64Array } {
    // No overlay: the arena's run is the answer.
    if (split === this.length) return { docs: this.docs.slice(0, split), ranks: this.ranks.slice(0, split) };
    const docs = new Int32Array(this.length);
    const ranks = new Float64Array(this.length);
    let a = 0;
    let b = split;
    for (let i = 0; i < this.length; i++) {
      const fromA = b >= this.length || (a < split && this.docs[a]! < this.docs[b]!);
      const at = fromA ? a++ : b++;
      docs[i] = this.docs[at]!;
      ranks[i] = this.ranks[at]!;
    }
    return { docs, ranks };
  }
}
