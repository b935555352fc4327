import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Random } from '../lib/clock.js';

/** `vt_own_…`: owner API tokens, recognisable to secret scanners like the public credentials. */
export const OWNER_TOKEN_PREFIX = 'vt_own_';

/** 32 random bytes, base64url: session ids, login-link tokens, owner API tokens. */
export function randomSecret(random: Random): string {
  return random.bytes(32).toString('base64url');
}

/**
 * A six-digit code, uniform over 000000–999999: 4-byte draws above the largest multiple of
 * a million are redrawn, so no code is likelier than another.
 */
export function sixDigitCode(random: Random): string {
  const limit = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  for (;;) {
    const n = random.bytes(4).readUInt32BE();
    if (n < limit) return String(n % 1_000_000).padStart(6, '0');
  }
}

/**
 * A six-digit code has too few values for a plain hash to hide it, so it is stored as an HMAC
 * under a server key (shared by every instance through app_secrets) and bound to its email.
 */
export function codeHash(key: Buffer, email: string, code: string): string {
  return createHmac('sha256', key).update(`${email}\u0000${code}`).digest('hex');
}

/** Compares two hex digests of equal length in constant time. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
