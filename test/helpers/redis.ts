import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** Redis for tests: TEST_REDIS_URL, defaulting to this machine's local server. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let available: Promise<boolean> | undefined;

/** Skip reason for node:test when Redis is missing outside CI; false when it is there. Under CI a missing Redis fails. */
export async function skipWithoutRedis(): Promise<string | false> {
  available ??= (async () => {
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
      await redis.ping();
      return true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`Redis is required under CI but ${TEST_REDIS_URL} is unreachable: ${(error as Error).message}`);
      return false;
    } finally {
      redis.disconnect();
    }
  })();
  return (await available) ? false : `Redis unreachable at ${TEST_REDIS_URL} (set TEST_REDIS_URL; CI=true makes this a failure)`;
}

/** A key prefix no other test run shares. */
export function uniqueRedisPrefix(): string {
  return `vitrine-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (tests clean up after themselves). */
export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  try {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
