/** A budget on what a BoundedMap holds beyond its entry count, e.g. the bytes of cached bodies. */
export interface WeightLimit<V> {
  maxWeight: number;
  weigh: (value: V) => number;
}

/**
 * A Map that keeps at most `maxEntries` (and, with a weight limit, at most `maxWeight` in all),
 * dropping the oldest insertion first. For memoizing pure functions of request input, where an
 * unbounded map would let clients grow memory at will; the weight limit is for values whose
 * size varies by orders of magnitude (a 2 KB project or a 50 KB page of them), where a count
 * alone bounds nothing.
 */
export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>();
  private readonly weights: Map<K, number> | undefined;
  private total = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly limit?: WeightLimit<V>,
  ) {
    if (limit) this.weights = new Map();
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.limit?.weigh(value) ?? 0;
    // A value heavier than the whole budget would only empty the map.
    if (this.limit && weight > this.limit.maxWeight) return;
    while (this.map.size > 0 && (this.map.size >= this.maxEntries || (this.limit !== undefined && this.total + weight > this.limit.maxWeight))) {
      this.delete(this.map.keys().next().value as K);
    }
    this.map.set(key, value);
    if (this.weights) {
      this.weights.set(key, weight);
      this.total += weight;
    }
  }

  delete(key: K): void {
    if (!this.map.delete(key) || !this.weights) return;
    this.total -= this.weights.get(key) ?? 0;
    this.weights.delete(key);
  }

  clear(): void {
    this.map.clear();
    this.weights?.clear();
    this.total = 0;
  }

  get size(): number {
    return this.map.size;
  }

  /** The sum of the weights held (0 without a weight limit). */
  get weight(): number {
    return this.total;
  }
}
