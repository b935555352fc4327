/**
 * The first position from `from` on whose document is at least `doc`, in a list of documents
 * ascending: galloping (1, 2, 4… past `from`), then halving. A lookup near the last one costs a
 * few steps, which a walk over one list while seeking in another needs.
 */
export function seek(list: Int32Array, from: number, doc: number): number {
  let step = 1;
  let lo = from;
  let hi = from;
  while (hi < list.length && list[hi]! < doc) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  if (hi > list.length) hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < doc) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
