import type { Random } from '../lib/clock.js';

/** The first retry comes after this long… */
const FIRST_RETRY_MS = 10_000;
/** …each next one after twice as long, up to this… */
const MAX_RETRY_MS = 60 * 60_000;
/** …for about a day; then the delivery is dead (an owner can send it again). */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/**
 * When to try a failed delivery again: exponential backoff with "equal jitter" (half the delay
 * fixed, half random), so the deliveries of an outage do not all retry in the same second.
 * Null once the delivery is older than GIVE_UP_AFTER_MS.
 */
export function nextAttemptAt(attempts: number, createdAtMs: number, nowMs: number, random: Random): number | null {
  if (nowMs - createdAtMs >= GIVE_UP_AFTER_MS) return null;
  const delay = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
  const jitter = random.bytes(4).readUInt32BE() / 0x1_0000_0000;
  return nowMs + Math.round(delay / 2 + (delay / 2) * jitter);
}
