type TypedArray = Int32Array | Uint8Array | Float64Array;

/**
 * `array`'s first `keep` elements (all of them by default) in a new array of the same kind with
 * room for `capacity`; the rest is zero. The indexes' per-document arrays grow by it, to at least
 * `capacityFor` so that appending stays amortised O(1).
 */
export function grown<T extends TypedArray>(array: T, capacity: number, keep = array.length): T {
  const next = new (array.constructor as new (length: number) => T)(capacity);
  next.set(keep === array.length ? array : array.subarray(0, keep));
  return next;
}

/** Room for `size` elements in an array of `length`: double it at least, never below `floor`. */
export function capacityFor(size: number, length: number, floor = 1024): number {
  return Math.max(size, length * 2, floor);
}
