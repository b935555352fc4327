import { NoAnswerError, waitAtMost, type StartTimer } from '../lib/bounded-check.js';
import type { CounterStore } from '../store/ports/index.js';
import type { RateLimitStore } from './store.js';

/**
 * How long a request waits for its counter before the limiter treats the store as failed (reads,
 * writes and MCP admitted unmetered, `auth` and `register` 503), as it does at once for a
 * database that refuses the connection, and as Redis's 1 s command timeout does for Redis. An
 * upsert of one row is a round trip; without this bound every request waited out the driver's
 * query timeout (16 s) while PostgreSQL hung.
 */
export const COUNTER_WAIT_MS = 1000;

/**
 * Counters in the shared PostgreSQL database, for multi-instance deployments without Redis:
 * each hit is one atomic upsert (`CounterStore.hit`), so every instance counts exactly once.
 */
export class DatabaseRateLimitStore implements RateLimitStore {
  readonly kind = 'database';
  private longestWindowMs: number;
  private prunedAt = Number.NEGATIVE_INFINITY;
  private readonly pruneEveryMs: number;
  private readonly waitMs: number;
  private readonly timer: StartTimer | undefined;
  /**
   * A hit that outlived `waitMs`. Until it ends (answered late, or the driver's own timeout),
   * hits fail at once without a query: each one asked of a hung database would hold a pooled
   * connection until that timeout, and a few hundred requests would hold them all, leaving none
   * for the catalog's version check, the readiness probe or the writes.
   */
  private stalled: Promise<unknown> | null = null;

  /**
   * `longestWindowMs`: the longest window of any configured policy. The sweep must spare every
   * policy's current window, including those this instance has not metered yet: another
   * instance (or this one, later) still counts in them. Without it a fresh instance whose first
   * hits were reads swept away the 10-minute `register` counters of every other instance.
   */
  constructor(
    private readonly counters: CounterStore,
    options: { longestWindowMs?: number; pruneEveryMs?: number; waitMs?: number; timer?: StartTimer } = {},
  ) {
    this.longestWindowMs = options.longestWindowMs ?? 0;
    this.pruneEveryMs = options.pruneEveryMs ?? 60_000;
    this.waitMs = options.waitMs ?? COUNTER_WAIT_MS;
    this.timer = options.timer;
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    if (this.stalled !== null) throw new NoAnswerError(this.waitMs);
    const counting = this.count(key, windowStartMs, windowMs);
    try {
      return await waitAtMost(counting, this.waitMs, this.timer);
    } catch (error) {
      if (error instanceof NoAnswerError && this.stalled === null) {
        const stalled = counting.then(
          () => undefined,
          () => undefined,
        );
        this.stalled = stalled;
        void stalled.then(() => {
          if (this.stalled === stalled) this.stalled = null;
        });
      }
      throw error;
    }
  }

  private async count(key: string, windowStartMs: number, windowMs: number): Promise<number> {
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
