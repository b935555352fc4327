/** Fixed-window rate-limit counters shared by every instance on the same database. */

export interface CounterStore {
  /** Increments the fixed-window counter `key` for the window starting at `windowStartMs`. */
  hit(key: string, windowStartMs: number): Promise<number>;
  /** Deletes counters whose window started before `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
}
