import type { CounterStore } from '../store/ports/index.js';
import type { RateLimitStore } from './store.js';

/**
 * Counters in the shared PostgreSQL database, for multi-instance deployments without Redis:
 * each hit is one atomic upsert (`CounterStore.hit`), so every instance counts exactly once.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database';
  private longestWindowMs = 0;
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly counters: CounterStore,
    private readonly pruneEveryMs = 60_000,
  ) {}

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
