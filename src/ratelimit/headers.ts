import type { RateLimitPolicy } from '../config.js';

/**
 * draft-ietf-httpapi-ratelimit-headers (the RateLimit-Policy and RateLimit fields): each is a
 * Structured Field List (RFC 9651 §3.1) whose items are the policy name as an sf-string with
 * integer parameters — `q` (quota) and `w` (window, seconds) for the policy, `r` (remaining) and
 * `t` (seconds until reset) for the current state.
 */
export function rateLimitPolicyField(name: string, policy: RateLimitPolicy): string {
  return `${sfString(name)};q=${policy.q};w=${policy.w}`;
}

export function rateLimitField(name: string, remaining: number, resetSeconds: number): string {
  return `${sfString(name)};r=${remaining};t=${resetSeconds}`;
}

/** rateLimitField for one policy, with its name quoted once rather than per request. */
export function rateLimitFieldFor(name: string): (remaining: number, resetSeconds: number) => string {
  const item = sfString(name);
  return (remaining, resetSeconds) => `${item};r=${remaining};t=${resetSeconds}`;
}

/** RFC 9651 §4.1.6: backslash and double quote are escaped inside an sf-string. */
function sfString(value: string): string {
  return `"${value.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;
}
