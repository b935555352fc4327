import type * as IORedis from 'ioredis';
import type { Redis } from 'ioredis';
import { lazyModule } from '../lib/lazy-module.js';

const loadIORedis = lazyModule<typeof IORedis>('ioredis');
import type { RateLimitStore } from './store.js';

/**
 * INCR and PEXPIRE in one Lua script: atomic on the Redis server and one round trip per request.
 * The window start is part of the key, so a new window is a new key and expiry only reclaims
 * memory; it is twice the window so instances whose clocks disagree a little still share counts.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

type HitClient = Redis & { vitrineRateLimitHit(key: string, ttlMs: number): Promise<number> };

export interface RedisStoreOptions {
  url: string;
  keyPrefix: string;
  /** a command that takes longer fails (and the limiter fails open or closed) */
  commandTimeoutMs?: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  readonly kind = 'redis';
  private readonly redis: HitClient;
  /**
   * Set once a connection was up or an attempt failed. Before either, a command waits for the
   * first connection (an instance's first requests may come before it is up); after, a command
   * while Redis is not ready fails at once (hit).
   */
  private settledOnce = false;
  /**
   * Set when a command timed out and no command has been answered since: Redis is up but hangs
   * (stopped, swamped). Then one command at a time (`probe`) finds out whether it answers again,
   * and the rest fail at once, as they do while Redis is away: each would otherwise wait out the
   * command timeout, adding it to every metered request on every instance.
   */
  private stalled = false;
  private probe: Promise<unknown> | null = null;

  constructor(private readonly options: RedisStoreOptions) {
    const redis = new (loadIORedis().Redis)(options.url, {
      // Fail fast while Redis is away instead of queueing requests behind reconnects.
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 1000,
      connectTimeout: 2000,
    });
    // Failures reach the limiter through the rejected command; the limiter logs them (throttled).
    redis.on('error', () => {
      this.settledOnce = true;
    });
    redis.on('ready', () => {
      this.settledOnce = true;
    });
    redis.defineCommand('vitrineRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as HitClient;
  }

  async hit(key: string, windowStartMs: number, windowMs: number): Promise<number> {
    // Once Redis has been up, or could not be reached at start, a command while it is away fails
    // at once rather than queueing behind the reconnects: every request would otherwise wait out
    // the command timeout before failing open (or closed). ioredis reconnects by itself, and
    // metering resumes when it is 'ready'.
    if (this.settledOnce && this.redis.status !== 'ready') throw new Error(`redis is ${this.redis.status}`);
    if (this.stalled && this.probe !== null) throw new Error('redis is not answering (a command timed out)');
    const command = this.redis.vitrineRateLimitHit(`${this.options.keyPrefix}${key}:${windowStartMs}`, windowMs * 2);
    if (this.stalled) this.probe = command.catch(() => undefined).finally(() => (this.probe = null));
    try {
      const count = Number(await command);
      this.stalled = false;
      return count;
    } catch (error) {
      if (/timed out/i.test((error as Error).message)) this.stalled = true;
      throw error;
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'ready') {
      try {
        await this.redis.quit();
        return;
      } catch {
        // fall through: drop the connection
      }
    }
    this.redis.disconnect();
  }
}
