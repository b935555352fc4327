import type { CounterStore } from '../store/ports/index.js';
import type { RateLimitStore } from './store.js';

/**
 * Counters in the shared PostgreSQL database, for multi-instance deployments without Redis:
 * each hit is one atomic upsert (`CounterStore.hit`), so every instance counts exactly once.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database';
  private longestWindowMs: number;
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly pruneEveryMs: number;

  /**
   * `longestWindowMs`: the longest window of any configured policy. The sweep must spare every
   * policy's current window, including those this instance has not metered yet: another
   * instance (or this one, later) still counts in them. Without it a fresh instance whose first
   * hits were reads swept away the 10-minute `register` counters of every other instance.
   */
  constructor(
    private readonly counters: CounterStore,
    options: { longestWindowMs?: number; pruneEveryMs?: number } = {},
  ) {
    this.longestWindowMs = options.longestWindowMs ?? 0;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    const count = await this.counters.hit(key, windowStartMs);
    // One row per key stays behind after its window: drop rows whose window ended long ago, at
    // most once a minute (window starts come from the injected clock, so no timer is needed).
    this.longestWindowMs = Math.max(this.longestWindowMs, windowMs);
    if (windowStartMs - this.prunedAt >= this.pruneEveryMs) {
      this.prunedAt = windowStartMs;
      await this.counters.prune(windowStartMs - 2 * this.longestWindowMs);
    }
    return count;
  }

  async close(): Promise<void> {
    // The database connection belongs to the application's store.
  }
}
