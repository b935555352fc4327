import { hash } from 'node:crypto';
import type { RateLimiter } from './limiter.js';

export type AddressCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The `signin` policy counted per email address (owner sign-in, the consent page's email
 * proof), so guessing at one address from many clients is limited too. The address is hashed
 * so the counters (Redis, PostgreSQL) hold no email addresses; `namespace` keeps the two uses
 * apart. A counter store that fails refuses (fail closed, like sign-in itself).
 */
export function addressLimit(limiter: RateLimiter | null, namespace: string): (email: string) => Promise<AddressCheck> {
  const check = signinLimit(limiter, 'email', namespace);
  return (email) => check(email.trim().toLowerCase());
}

/**
 * The `signin` policy counted per client address (its rate-limit subject: an IPv6 client's /64,
 * subject.ts), for a path the middleware meters under another policy: the consent page mails codes too, so one IP must not mail any number of
 * addresses (owner sign-in gets this from its own paths' policy).
 */
export function clientIpLimit(limiter: RateLimiter | null, namespace: string): (subject: string) => Promise<AddressCheck> {
  return signinLimit(limiter, 'ip', namespace);
}

function signinLimit(limiter: RateLimiter | null, kind: 'email' | 'ip', namespace: string): (value: string) => Promise<AddressCheck> {
  return async (value) => {
    if (!limiter) return { ok: true };
    const key = hash('sha256', `${namespace}${value}`, 'base64url');
    const outcome = await limiter.check('signin', `${kind}:${key}`);
    if (outcome.kind === 'limited') return { ok: false, retryAfterSeconds: outcome.decision.resetSeconds };
    if (outcome.kind === 'unavailable') return { ok: false, retryAfterSeconds: 60 };
    return { ok: true };
  };
}
