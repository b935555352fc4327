import { createHash } from 'node:crypto';
import type { RateLimiter } from './limiter.js';

export type AddressCheck = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * The `signin` policy counted per email address (owner sign-in, the consent page's email
 * proof), so guessing at one address from many clients is limited too. The address is hashed
 * so the counters (Redis, PostgreSQL) hold no email addresses; `namespace` keeps the two uses
 * apart. A counter store that fails refuses (fail closed, like sign-in itself).
 */
export function addressLimit(limiter: RateLimiter | null, namespace: string): (email: string) => Promise<AddressCheck> {
  return async (email) => {
    if (!limiter) return { ok: true };
    const key = createHash('sha256').update(`${namespace}${email.trim().toLowerCase()}`).digest('base64url');
    const outcome = await limiter.check('signin', `email:${key}`);
    if (outcome.kind === 'limited') return { ok: false, retryAfterSeconds: outcome.decision.resetSeconds };
    if (outcome.kind === 'unavailable') return { ok: false, retryAfterSeconds: 60 };
    return { ok: true };
  };
}
