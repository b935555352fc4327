/**
 * An inverted index of weighted term frequencies (issue 17), compact for 100,000 documents: one
 * compressed array of (doc, frequency) per term (CSR: every posting of every term in two typed
 * arrays) plus a small overlay of the documents set since the last compaction. A document set
 * again or deleted is only marked stale in the compressed part; compact() folds the overlay in.
 * Per-term typed arrays would cost ~150 bytes each, and titles alone bring a term per project.
 */
export class Postings {
  private readonly ids = new Map<string, number>();
  private readonly names: string[] = [];
  /** term ids in string order */
  private sorted = new Int32Array(0);
  /** terms added since the last sort, checked one by one */
  private unsorted: number[] = [];

  private start = new Int32Array(1);
  private docs = new Int32Array(0);
  private freqs: Uint16Array | Int32Array = new Uint16Array(0);
  /** 1 when a document's postings in the compressed part are its current ones */
  private current = new Uint8Array(0);
  /** plain arrays: on V8's heap, where a small typed array would be a malloc of its own (RSS) */
  private readonly overlay = new Map<number, { terms: number[]; freqs: readonly number[] }>();

  /** Replaces `doc`'s postings: `terms[i]` occurs with weighted frequency `freqs[i]` (> 0). */
  set(doc: number, terms: readonly string[], freqs: readonly number[]): void {
    this.delete(doc);
    const ids = new Array<number>(terms.length);
    terms.forEach((term, i) => {
      let id = this.ids.get(term);
      if (id === undefined) {
        id = this.names.length;
        this.ids.set(term, id);
        this.names.push(term);
        this.unsorted.push(id);
      }
      ids[i] = id;
    });
    this.overlay.set(doc, { terms: ids, freqs });
    // Geometric: a bulk load compacts O(log n) times, not once per 1,024 documents (which made
    // building 30,000 documents spend 1.1 s in compact()); at most 16,384 documents wait as JS
    // arrays (a 100,000-project build held ~70,000 and peaked 75 MB higher in RSS). Between
    // loads the store compacts.
    if (this.overlay.size > Math.min(16384, Math.max(8192, this.docs.length / 40))) this.compact();
  }

  delete(doc: number): void {
    if (doc < this.current.length) this.current[doc] = 0;
    this.overlay.delete(doc);
  }

  /**
   * Adds the weighted frequency of every term starting with `prefix` to `freq[doc]`, and lists
   * each document it touched for the first time in `touched`; returns how many.
   */
  accumulate(prefix: string, freq: Int32Array, touched: Int32Array): number {
    let n = 0;
    const { start, docs, freqs, current, sorted, names } = this;
    const inRange = new Set<number>();
    let at = lowerBound(sorted, names, prefix);
    for (; at < sorted.length && names[sorted[at]!]!.startsWith(prefix); at++) inRange.add(sorted[at]!);
    for (const id of this.unsorted) if (names[id]!.startsWith(prefix)) inRange.add(id);
    for (const id of inRange) {
      if (id + 1 < start.length) n = addRange(docs, freqs, start[id]!, start[id + 1]!, current, freq, touched, n);
    }
    for (const [doc, entry] of this.overlay) {
      for (let i = 0; i < entry.terms.length; i++) {
        if (!inRange.has(entry.terms[i]!)) continue;
        if (freq[doc] === 0) touched[n++] = doc;
        freq[doc]! += entry.freqs[i]!;
      }
    }
    return n;
  }

  /** Folds the overlay into the compressed part and sorts new terms in. */
  compact(): void {
    this.sortTerms();
    const terms = this.names.length;
    const counts = new Int32Array(terms + 1);
    const oldTerms = this.start.length - 1;
    let maxDoc = this.current.length;
    let maxFreq = 0;
    for (let id = 0; id < oldTerms; id++) {
      for (let p = this.start[id]!; p < this.start[id + 1]!; p++) if (this.current[this.docs[p]!] === 1) counts[id + 1]! += 1;
    }
    for (const [doc, entry] of this.overlay) {
      maxDoc = Math.max(maxDoc, doc + 1);
      for (let i = 0; i < entry.terms.length; i++) {
        counts[entry.terms[i]! + 1]! += 1;
        maxFreq = Math.max(maxFreq, entry.freqs[i]!);
      }
    }
    for (let id = 0; id < terms; id++) counts[id + 1]! += counts[id]!;
    const total = counts[terms]!;
    const docs = new Int32Array(total);
    for (let p = 0; p < this.docs.length; p++) maxFreq = Math.max(maxFreq, this.freqs[p]!);
    const freqs = maxFreq <= 0xffff ? new Uint16Array(total) : new Int32Array(total);
    const fill = counts.slice(0, terms);
    for (let id = 0; id < oldTerms; id++) {
      for (let p = this.start[id]!; p < this.start[id + 1]!; p++) {
        const doc = this.docs[p]!;
        if (this.current[doc] !== 1) continue;
        const at = fill[id]!++;
        docs[at] = doc;
        freqs[at] = this.freqs[p]!;
      }
    }
    const current = new Uint8Array(Math.max(maxDoc, 16));
    current.set(this.current);
    for (const [doc, entry] of this.overlay) {
      for (let i = 0; i < entry.terms.length; i++) {
        const at = fill[entry.terms[i]!]!++;
        docs[at] = doc;
        freqs[at] = entry.freqs[i]!;
      }
      current[doc] = 1;
    }
    this.overlay.clear();
    this.start = counts;
    this.docs = docs;
    this.freqs = freqs;
    this.current = current;
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

/**
 * accumulate()'s inner loop over one term's compressed postings, as a function of its own: V8
 * optimizes it as such, where the loop inline ran as on-stack-replaced code that deoptimized at
 * its exit on every call.
 */
function addRange(docs: Int32Array, freqs: Uint16Array | Int32Array, from: number, to: number, current: Uint8Array, freq: Int32Array, touched: Int32Array, n: number): number {
  for (let p = from; p < to; p++) {
    const doc = docs[p]!;
    if (current[doc] !== 1) continue;
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
