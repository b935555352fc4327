import type { CounterStore } from '../store/ports.js';
import type { RateLimitStore } from './store.js';

/**
 * Counters in the shared PostgreSQL database, for multi-instance deployments without Redis:
 * each hit is one atomic upsert (`CounterStore.hit`), so every instance counts exactly once.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database';

  constructor(private readonly counters: CounterStore) {}

  hit(key: string, windowStartMs: number): Promise<number> {
    return this.counters.hit(key, windowStartMs);
  }

  async close(): Promise<void> {
    // The database connection belongs to the application's store.
  }
}
