/**
 * Every lexeme the index has seen, interned as a small integer, with a lazily rebuilt list of
 * them in PostgreSQL's byte order, so that a prefix operand's lexemes are one range of it and
 * a lexeme's place in it orders WordEntries as in a tsvector (tsCompareString: bytes, then
 * length; UTF-8 byte order is code point order).
 */
export class Lexicon {
  private readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  private sorted: Int32Array | undefined;
  /** Ids interned since `sorted` was built, merged into it on the next lookup. */
  private unsorted: number[] = [];

  get size(): number {
    return this.words.length;
  }

  intern(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.words.length;
      this.words.push(word);
      this.ids.set(word, id);
      if (this.sorted !== undefined) this.unsorted.push(id);
    }
    return id;
  }

  /**
   * The lexemes starting with `operand` (find_wordentry with a prefix QueryOperand), as ids in
   * byte order (a view of the sorted list, valid until the next intern()), and the place of the
   * first of them in that list: `from + i` orders ids[i] among all lexemes.
   */
  prefixed(operand: string): { ids: Int32Array; from: number } {
    const sorted = this.sortedIds();
    const { words } = this;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareBytes(words[sorted[mid]!]!, operand) < 0) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < sorted.length && words[sorted[end]!]!.startsWith(operand)) end++;
    return { ids: sorted.subarray(lo, end), from: lo };
  }

  /** All ids in byte order: a full sort the first time (or after many new words), else a merge. */
  private sortedIds(): Int32Array {
    const { words, unsorted } = this;
    const byBytes = (a: number, b: number) => compareBytes(words[a]!, words[b]!);
    if (this.sorted === undefined || unsorted.length > this.sorted.length / 8) {
      this.unsorted = [];
      return (this.sorted = Int32Array.from(words.keys()).sort(byBytes));
    }
    if (unsorted.length === 0) return this.sorted;
    unsorted.sort(byBytes);
    const old = this.sorted;
    const merged = new Int32Array(old.length + unsorted.length);
    for (let i = 0, j = 0, k = 0; k < merged.length; k++) merged[k] = j >= unsorted.length || (i < old.length && byBytes(old[i]!, unsorted[j]!) < 0) ? old[i++]! : unsorted[j++]!;
    this.unsorted = [];
    return (this.sorted = merged);
  }
}

/** UTF-8 byte order of two strings (JS compares UTF-16 code units, which differs above U+E000). */
export function compareBytes(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** A UTF-16 code unit mapped so that surrogates (code points ≥ U+10000) sort after U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xe000) return unit - 0x800;
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit;
}
