/**
 * Where fixed-window counters live. `hit` atomically adds one to `key`'s counter for the window
 * starting at `windowStartMs` and returns the new count; a new window starts from zero.
 */
export interface RateLimitStore {
  readonly kind: 'memory' | 'redis' | 'database';
  hit(key: string, windowStartMs: number, windowMs: number): Promise<number>;
  /** The same as `hit`, answered synchronously; only stores that live in this process have it. */
  hitNow?(key: string, windowStartMs: number, windowMs: number): number;
  close(): Promise<void>;
}
