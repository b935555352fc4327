import type { Clock } from '../lib/clock.js';
import type { RateLimitStore } from './store.js';

interface Counter {
  startMs: number;
  endMs: number;
  count: number;
}

export interface MemoryStoreOptions {
  clock: Clock;
  /** upper bound on live counters; one per (policy, client or IP) */
  maxEntries?: number;
  /** how often (by the injected clock) finished windows are swept */
  sweepEveryMs?: number;
}

/**
 * Counters in this process only: the zero-setup default for a single instance. Memory is bounded:
 * finished windows are swept as the clock passes, and when the map is full the counters touched
 * longest ago go first (a Map iterates in insertion order and every new window re-inserts).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly kind = 'memory';
  private readonly counters = new Map<string, Counter>();
  private readonly maxEntries: number;
  private readonly sweepEveryMs: number;
  private nextSweepMs: number;

  constructor(private readonly options: MemoryStoreOptions) {
    this.maxEntries = options.maxEntries ?? 100_000;
    this.sweepEveryMs = options.sweepEveryMs ?? 60_000;
    this.nextSweepMs = options.clock.now() + this.sweepEveryMs;
  }

  get size(): number {
    return this.counters.size;
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    return this.hitNow(key, windowStartMs, windowMs);
  }

  hitNow(key: string, windowStartMs: number, windowMs: number): number {
    const counter = this.counters.get(key);
    if (counter && counter.startMs === windowStartMs) return ++counter.count;
    const now = this.options.clock.now();
    if (now >= this.nextSweepMs || (!counter && this.counters.size >= this.maxEntries)) this.sweep(now);
    this.counters.delete(key);
    this.counters.set(key, { startMs: windowStartMs, endMs: windowStartMs + windowMs, count: 1 });
    return 1;
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(now: number): void {
    this.nextSweepMs = now + this.sweepEveryMs;
    for (const [key, counter] of this.counters) if (counter.endMs <= now) this.counters.delete(key);
    // Still full of live windows: shed the oldest tenth so the next inserts are O(1) again.
    if (this.counters.size >= this.maxEntries) {
      let excess = this.counters.size - Math.floor(this.maxEntries * 0.9);
      for (const key of this.counters.keys()) {
        if (excess-- <= 0) break;
        this.counters.delete(key);
      }
    }
  }
}
