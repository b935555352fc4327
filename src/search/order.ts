/**
 * Byte order of UTF-8 strings: SQLite's BINARY collation (memcmp) and PostgreSQL's COLLATE "C",
 * the orders list() sorts ids, published_at and title keys by. JS's `<` compares UTF-16 code
 * units, which differs only where a surrogate pair meets U+E000–U+FFFF.
 */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The first `k` of `items` in `before` order, sorted: a bounded heap keeps the worst of the best
 * k on top, so a page of a 100,000-match search costs ~n comparisons, not a sort of every match.
 * `leading`, when given, is the order's first key, descending (relevance: the rank): an item
 * whose key is below the worst kept one's cannot come before it, so it is passed over without
 * calling `before`, which is most items of a large search.
 */
export function topK(items: Int32Array, k: number, before: (a: number, b: number) => boolean, leading?: Float64Array): Int32Array {
  if (k <= 0) return new Int32Array(0);
  if (items.length <= k * 4) return items.slice().sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).subarray(0, k);
  const heap = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    heap[i] = items[i]!;
    up(heap, i, before);
  }
  if (leading === undefined) offerAll(items, k, heap, before);
  else offerLeading(items, k, heap, before, leading);
  return heap.sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}

// The heap's steps are small functions of their own rather than closures or loops inside
// topK: V8 optimizes them once, where topK's own loop ran as on-stack-replaced code.

/** Offers items[from…] to a full heap whose top is the worst kept item. */
function offerAll(items: Int32Array, from: number, heap: Int32Array, before: (a: number, b: number) => boolean): void {
  for (let i = from; i < items.length; i++) {
    const item = items[i]!;
    if (before(item, heap[0]!)) {
      heap[0] = item;
      down(heap, before);
    }
  }
}

/** offerAll, passing over items whose leading key is below the worst kept one's. */
function offerLeading(items: Int32Array, from: number, heap: Int32Array, before: (a: number, b: number) => boolean, leading: Float64Array): void {
  let worst = leading[heap[0]!]!;
  for (let i = from; i < items.length; i++) {
    const item = items[i]!;
    if (leading[item]! < worst) continue;
    if (before(item, heap[0]!)) {
      heap[0] = item;
      down(heap, before);
      worst = leading[heap[0]!]!;
    }
  }
}

/** Moves heap[at] up while it is worse than its parent (the worst item is on top). */
function up(heap: Int32Array, at: number, before: (a: number, b: number) => boolean): void {
  while (at > 0) {
    const parent = (at - 1) >> 1;
    if (!before(heap[parent]!, heap[at]!)) return;
    const item = heap[at]!;
    heap[at] = heap[parent]!;
    heap[parent] = item;
    at = parent;
  }
}

/** Moves the top down while a child is worse than it. */
function down(heap: Int32Array, before: (a: number, b: number) => boolean): void {
  const size = heap.length;
  for (let at = 0; ; ) {
    const l = at * 2 + 1;
    const r = l + 1;
    let worst = at;
    if (l < size && before(heap[worst]!, heap[l]!)) worst = l;
    if (r < size && before(heap[worst]!, heap[r]!)) worst = r;
    if (worst === at) return;
    const item = heap[at]!;
    heap[at] = heap[worst]!;
    heap[worst] = item;
    at = worst;
  }
}
