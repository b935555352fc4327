import { capacityFor, grown } from './grown.js';

/**
 * An inverted index of weighted term frequencies (issue 17), compact for 100,000 documents.
 *
 * Documents set since the last fold wait in an overlay, off V8's heap: their postings one after
 * another in one arena (each run: its length in `arenaTerms`, then term ids, the frequencies at
 * the same offsets in `arenaFreqs`). A fold turns the overlay into a segment — every posting of
 * every term in two typed arrays (CSR); segments are merged into one when there are too many or
 * too much of them is stale. A document set again or deleted stays in its old segment, disowned
 * (`owner`), until a merge.
 *
 * Why segments: folding the overlay into one ever-larger CSR rebuilt the whole index at every
 * fold, and each rebuild left the previous arrays as garbage that V8, seeing no heap pressure,
 * did not collect — on 100,000 projects, ~60 MB of RSS after the build. Folding into a segment
 * costs only the overlay, and a fresh build of 100,000 projects ends as ~10 segments: nothing
 * rebuilt, no garbage. Searching them costs the same as one (measured on 100,000).
 * As JS arrays per document, the overlay lived until the next fold, was promoted and became
 * old-generation garbage. RSS peak of that build, arena and segments together: ~385 → 251–267 MB.
 * Per-term typed arrays would cost ~150 bytes each, and titles alone bring a term per project.
 */

interface Segment {
  /** where each term's postings start in `docs`/`freqs`; terms added after the segment was built have none */
  start: Int32Array;
  docs: Int32Array;
  freqs: Uint16Array | Int32Array;
}

/**
 * Segments are merged when there are this many: `owner` holds a segment number in a byte, and each
 * segment's `start` costs 4 bytes a term (~400 KB at 100,000 projects) however few documents it holds.
 */
const MAX_SEGMENTS = 16;

export class Postings {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** term ids in string order */
  private sorted = new Int32Array(0);
  /** terms added since the last sort, checked one by one */
  private unsorted: number[] = [];

  private segments: Segment[] = [];
  /** per document: the number (index + 1) of the segment holding its current postings; 0 none */
  private owner = new Uint8Array(0);
  /** documents some segment holds: owned (current there), disowned (set again or deleted since) */
  private owned = 0;
  private disowned = 0;

  /** per document in the overlay: where its run starts in the arena */
  private readonly overlay = new Map<number, number>();
  private arenaTerms = new Int32Array(0);
  private arenaFreqs = new Int32Array(0);
  private arenaUsed = 0;

  /** `foldAt`: the overlay becomes a segment before its arena holds more postings than this (2^19: 4 MB). */
  constructor(private readonly foldAt = 1 << 19) {}

  /** How the index is held: segments and the postings in them (stale ones included). */
  get shape(): { segments: number; postings: number } {
    return { segments: this.segments.length, postings: this.segments.reduce((sum, segment) => sum + segment.docs.length, 0) };
  }

  /** Replaces `doc`'s postings: `terms[i]` occurs with weighted frequency `freqs[i]` (> 0). */
  set(doc: number, terms: readonly string[], freqs: readonly number[]): void {
    this.delete(doc);
    if (this.arenaUsed > 0 && this.arenaUsed + terms.length + 1 > this.foldAt) this.fold();
    const at = this.reserve(terms.length + 1);
    this.arenaTerms[at] = terms.length;
    terms.forEach((term, i) => {
      let id = this.ids.get(term);
      if (id === undefined) {
        id = this.names.length;
        this.ids.set(term, id);
        this.names.push(term);
        this.unsorted.push(id);
      }
      this.arenaTerms[at + 1 + i] = id;
      this.arenaFreqs[at + 1 + i] = freqs[i]!;
    });
    this.overlay.set(doc, at);
  }

  delete(doc: number): void {
    if (doc < this.owner.length && this.owner[doc] !== 0) {
      this.owner[doc] = 0;
      this.owned -= 1;
      this.disowned += 1;
    }
    this.overlay.delete(doc);
  }

  /**
   * Adds the weighted frequency of every term starting with `prefix` to `freq[doc]`, and lists
   * each document it touched for the first time in `touched`; returns how many.
   */
  accumulate(prefix: string, freq: Int32Array, touched: Int32Array): number {
    let n = 0;
    const { owner, sorted, names } = this;
    const inRange = new Set<number>();
    let at = lowerBound(sorted, names, prefix);
    for (; at < sorted.length && names[sorted[at]!]!.startsWith(prefix); at++) inRange.add(sorted[at]!);
    for (const id of this.unsorted) if (names[id]!.startsWith(prefix)) inRange.add(id);
    this.segments.forEach(({ start, docs, freqs }, s) => {
      for (const id of inRange) {
        if (id + 1 < start.length) n = addRange(docs, freqs, start[id]!, start[id + 1]!, owner, s + 1, freq, touched, n);
      }
    });
    const { arenaTerms, arenaFreqs } = this;
    for (const [doc, at] of this.overlay) {
      const end = at + 1 + arenaTerms[at]!;
      for (let i = at + 1; i < end; i++) {
        if (!inRange.has(arenaTerms[i]!)) continue;
        if (freq[doc] === 0) touched[n++] = doc;
        freq[doc]! += arenaFreqs[i]!;
      }
    }
    return n;
  }

  /**
   * Folds the overlay in and hands the arena back; merges the segments once an eighth of what
   * they hold is stale. An edit of one project then costs a small segment, not a rebuild of the
   * whole index (which, with the garbage it leaves, is also what keeps a fresh build's RSS low).
   */
  compact(): void {
    this.fold();
    if (this.disowned * 8 > this.owned) this.merge();
    this.arenaTerms = new Int32Array(0);
    this.arenaFreqs = new Int32Array(0);
  }

  /** The overlay becomes a segment of its own (the arena is kept for more). */
  private fold(): void {
    if (this.overlay.size === 0) return;
    this.sortTerms();
    if (this.segments.length >= MAX_SEGMENTS) this.merge();
    const { arenaTerms, arenaFreqs, overlay } = this;
    const tag = this.segments.length + 1;
    this.segments.push(
      segmentOf(this.names.length, (visit) => {
        for (const [doc, at] of overlay) {
          for (let i = at + 1, end = at + 1 + arenaTerms[at]!; i < end; i++) visit(arenaTerms[i]!, doc, arenaFreqs[i]!);
        }
      }),
    );
    let maxDoc = 0;
    for (const doc of overlay.keys()) maxDoc = Math.max(maxDoc, doc + 1);
    this.growOwner(maxDoc);
    for (const doc of overlay.keys()) this.owner[doc] = tag;
    this.owned += overlay.size;
    overlay.clear();
    this.arenaUsed = 0;
  }

  /** Every segment's current postings in one segment. */
  private merge(): void {
    const { owner, segments } = this;
    const merged = segmentOf(this.names.length, (visit) => {
      segments.forEach(({ start, docs, freqs }, s) => {
        for (let id = 0; id + 1 < start.length; id++) {
          for (let p = start[id]!; p < start[id + 1]!; p++) if (owner[docs[p]!] === s + 1) visit(id, docs[p]!, freqs[p]!);
        }
      });
    });
    for (let doc = 0; doc < owner.length; doc++) if (owner[doc] !== 0) owner[doc] = 1;
    this.segments = [merged];
    this.disowned = 0;
  }

  /** Room for `n` more entries in the arena; returns where they start. */
  private reserve(n: number): number {
    const at = this.arenaUsed;
    if (at + n > this.arenaTerms.length) {
      const capacity = Math.max(at + n, Math.min(this.arenaTerms.length * 2, this.foldAt), 1024);
      const terms = new Int32Array(capacity);
      terms.set(this.arenaTerms.subarray(0, at));
      const freqs = new Int32Array(capacity);
      freqs.set(this.arenaFreqs.subarray(0, at));
      this.arenaTerms = terms;
      this.arenaFreqs = freqs;
    }
    this.arenaUsed = at + n;
    return at;
  }

  private growOwner(size: number): void {
    if (size <= this.owner.length) return;
    this.owner = grown(this.owner, capacityFor(size, this.owner.length, 16));
  }

  private sortTerms(): void {
    if (this.unsorted.length === 0) return;
    const names = this.names;
    const added = this.unsorted.sort((a, b) => (names[a]! < names[b]! ? -1 : 1));
    const merged = new Int32Array(this.sorted.length + added.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < this.sorted.length || j < added.length) {
      merged[k++] = j >= added.length || (i < this.sorted.length && names[this.sorted[i]!]! < names[added[j]!]!) ? this.sorted[i++]! : added[j++]!;
    }
    this.sorted = merged;
    this.unsorted = [];
  }
}

/** Hands every posting of a segment to be built to `visit`, in the same order each time it is called. */
type PostingSource = (visit: (term: number, doc: number, freq: number) => void) => void;

/** A segment over `terms` terms of the postings `each` hands out: counted in a first pass, placed in a second. */
function segmentOf(terms: number, each: PostingSource): Segment {
  const counts = new Int32Array(terms + 1);
  let maxFreq = 0;
  each((term, _doc, freq) => {
    counts[term + 1]! += 1;
    if (freq > maxFreq) maxFreq = freq;
  });
  for (let id = 0; id < terms; id++) counts[id + 1]! += counts[id]!;
  const docs = new Int32Array(counts[terms]!);
  const freqs = maxFreq <= 0xffff ? new Uint16Array(docs.length) : new Int32Array(docs.length);
  const fill = counts.slice(0, terms);
  each((term, doc, freq) => {
    const at = fill[term]!++;
    docs[at] = doc;
    freqs[at] = freq;
  });
  return { start: counts, docs, freqs };
}

/**
 * accumulate()'s inner loop over one term's postings in a segment, as a function of its own: V8
 * optimizes it as such, where the loop inline ran as on-stack-replaced code that deoptimized at
 * its exit on every call.
 */
function addRange(docs: Int32Array, freqs: Uint16Array | Int32Array, from: number, to: number, owner: Uint8Array, tag: number, freq: Int32Array, touched: Int32Array, n: number): number {
  for (let p = from; p < to; p++) {
    const doc = docs[p]!;
    if (owner[doc] !== tag) continue;
    if (freq[doc] === 0) touched[n++] = doc;
    freq[doc]! += freqs[p]!;
  }
  return n;
}

/** First position in `sorted` whose term is ≥ `prefix` (UTF-16 order keeps a prefix's terms together). */
function lowerBound(sorted: Int32Array, names: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (names[sorted[mid]!]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
