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
 */
export function topK(items: Int32Array, k: number, before: (a: number, b: number) => boolean): Int32Array {
  if (k <= 0) return new Int32Array(0);
  if (items.length <= k * 4) return items.slice().sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0)).subarray(0, k);
  const heap = new Int32Array(k);
  let size = 0;
  const down = (at: number) => {
    for (;;) {
      const l = at * 2 + 1;
      const r = l + 1;
      let worst = at;
      if (l < size && before(heap[worst]!, heap[l]!)) worst = l;
      if (r < size && before(heap[worst]!, heap[r]!)) worst = r;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  };
  for (const item of items) {
    if (size < k) {
      let at = size++;
      heap[at] = item;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent]!, heap[at]!)) break;
        [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
        at = parent;
      }
    } else if (before(item, heap[0]!)) {
      heap[0] = item;
      down(0);
    }
  }
  return heap.subarray(0, size).sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
}
