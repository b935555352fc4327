import type { Config } from '../config.js';
import type { Clock } from '../lib/clock.js';
import type { Store } from '../store/ports/index.js';
import { DatabaseRateLimitStore } from './database-store.js';
import { MemoryRateLimitStore } from './memory-store.js';
import { RedisRateLimitStore } from './redis-store.js';
import type { RateLimitStore } from './store.js';

/**
 * Redis when REDIS_URL is set; the shared PostgreSQL database otherwise when there is one (so
 * multi-instance limits hold without Redis); in-process memory for the single-process SQLite default.
 */
export function createRateLimitStore(config: Config, store: Store, clock: Clock): RateLimitStore {
  if (config.redisUrl) return new RedisRateLimitStore({ url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  if (store.dialect === 'postgres') return new DatabaseRateLimitStore(store.counters, { longestWindowMs: Math.max(...Object.values(config.rateLimits).map((p) => p.w)) * 1000 });
  return new MemoryRateLimitStore({ clock });
}
