import type { RateLimitPolicy } from '../config.js';

/**
 * Fixed-window counting: time is cut into windows of `w` seconds aligned to the epoch, and a
 * key's count for the current window is compared with the quota `q`. It needs one atomic
 * increment per request in any store, so it is exact across instances sharing Redis or
 * PostgreSQL. The known cost: a client can spend up to 2q across a window boundary.
 */
export interface Window {
  startMs: number;
  endMs: number;
}

export interface LimitDecision {
  allowed: boolean;
  /** requests still admitted in this window (the RateLimit `r` parameter) */
  remaining: number;
  /** whole seconds until the window ends, at least 1 (the RateLimit `t` parameter) */
  resetSeconds: number;
}

export function windowAt(nowMs: number, policy: RateLimitPolicy): Window {
  const lengthMs = policy.w * 1000;
  const startMs = Math.floor(nowMs / lengthMs) * lengthMs;
  return { startMs, endMs: startMs + lengthMs };
}

/** Whole seconds from `nowMs` until the current window of `policy` ends, at least 1. */
export function secondsUntilReset(nowMs: number, policy: RateLimitPolicy): number {
  return Math.max(1, Math.ceil((windowAt(nowMs, policy).endMs - nowMs) / 1000));
}

/** `count` includes the request being decided. */
export function decide(count: number, policy: RateLimitPolicy, window: Window, nowMs: number): LimitDecision {
  return {
    allowed: count <= policy.q,
    remaining: Math.max(0, policy.q - count),
    // Rounded up: a client that waits `t` seconds must find the new window open.
    resetSeconds: Math.max(1, Math.ceil((window.endMs - nowMs) / 1000)),
  };
}
