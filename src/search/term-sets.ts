import { capacityFor, grown } from './grown.js';

/**
 * Each document's terms (`${kind}\u0000${value}`), interned to small ids, for the catalog index's
 * filters and facet counts: a document's ids sit together at the end of one shared array, which
 * is compacted when half of it is stale.
 */
export class TermSets {
  private at = new Int32Array(0);
  private count = new Int32Array(0);
  private arena = new Int32Array(1024);
  private used = 0;
  private readonly ids = new Map<string, number>();

  /** A term's id, once any document has had it; undefined: none ever had. */
  id(term: string): number | undefined {
    return this.ids.get(term);
  }

  /** How many ids there are: every id is below it. */
  get size(): number {
    return this.ids.size;
  }

  /** Every term with its id. */
  terms(): IterableIterator<[string, number]> {
    return this.ids.entries();
  }

  has(doc: number, id: number): boolean {
    for (let at = this.at[doc]!, end = at + this.count[doc]!; at < end; at++) if (this.arena[at] === id) return true;
    return false;
  }

  hasOneOf(doc: number, ids: readonly number[]): boolean {
    for (let at = this.at[doc]!, end = at + this.count[doc]!; at < end; at++) if (ids.includes(this.arena[at]!)) return true;
    return false;
  }

  /** Adds one to `tally[id]` for each of the document's terms. */
  tally(doc: number, tally: Int32Array): void {
    for (let at = this.at[doc]!, end = at + this.count[doc]!; at < end; at++) tally[this.arena[at]!]! += 1;
  }

  clear(doc: number): void {
    if (doc < this.count.length) this.count[doc] = 0;
  }

  set(doc: number, terms: readonly string[]): void {
    this.grow(doc + 1);
    if (this.used + terms.length > this.arena.length) this.compact(terms.length);
    this.at[doc] = this.used;
    this.count[doc] = terms.length;
    for (const term of terms) {
      let id = this.ids.get(term);
      if (id === undefined) this.ids.set(term, (id = this.ids.size));
      this.arena[this.used++] = id;
    }
  }

  private compact(room: number): void {
    let live = 0;
    for (let d = 0; d < this.count.length; d++) live += this.count[d]!;
    const arena = new Int32Array(Math.max(1024, (live + room) * 2));
    let used = 0;
    for (let d = 0; d < this.count.length; d++) {
      arena.set(this.arena.subarray(this.at[d]!, this.at[d]! + this.count[d]!), used);
      this.at[d] = used;
      used += this.count[d]!;
    }
    this.arena = arena;
    this.used = used;
  }

  private grow(size: number): void {
    if (size <= this.at.length) return;
    const capacity = capacityFor(size, this.at.length);
    this.at = grown(this.at, capacity);
    this.count = grown(this.count, capacity);
  }
}
