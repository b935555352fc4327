import { createHash, timingSafeEqual } from 'node:crypto';
import type { Random } from '../lib/clock.js';

/**
 * Bearer values are opaque random strings with a recognisable prefix so secret scanners can
 * find leaks (docs/design.md §2). Only their SHA-256 hashes are ever stored.
 */
export const ACCESS_TOKEN_PREFIX = 'vt_at_';
export const API_KEY_PREFIX = 'vt_key_';
export const REFRESH_TOKEN_PREFIX = 'vt_rt_';
export const AUTHORIZATION_CODE_PREFIX = 'vt_ac_';
export const CLIENT_SECRET_PREFIX = 'vt_cs_';
export const CLIENT_ID_PREFIX = 'vt_client_';

/** 32 random bytes = 256 bits of entropy (RFC 6749 §10.10). */
const SECRET_BYTES = 32;

export function mintAccessToken(random: Random): string {
  return ACCESS_TOKEN_PREFIX + random.bytes(SECRET_BYTES).toString('base64url');
}

export function mintRefreshToken(random: Random): string {
  return REFRESH_TOKEN_PREFIX + random.bytes(SECRET_BYTES).toString('base64url');
}

export function mintAuthorizationCode(random: Random): string {
  return AUTHORIZATION_CODE_PREFIX + random.bytes(SECRET_BYTES).toString('base64url');
}

/** An opaque id tying a code to the tokens issued from it (not a secret). */
export function mintGrantId(random: Random): string {
  return 'grant_' + random.bytes(16).toString('base64url');
}

export function mintApiKey(random: Random): string {
  return API_KEY_PREFIX + random.bytes(SECRET_BYTES).toString('base64url');
}

export function mintClientSecret(random: Random): string {
  return CLIENT_SECRET_PREFIX + random.bytes(SECRET_BYTES).toString('base64url');
}

export function mintClientId(random: Random): string {
  return CLIENT_ID_PREFIX + random.bytes(16).toString('base64url');
}

/** SHA-256, hex: the only form in which a secret reaches storage. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares a presented secret with a stored hash in constant time (hash both to equal length). */
export function secretMatchesHash(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
