import { hash, timingSafeEqual } from 'node:crypto';
import { newTimeOrderedId, TIME_DIGITS, type Random } from '../lib/clock.js';

/**
 * Bearer values are opaque random strings with a recognisable prefix so secret scanners can
 * find leaks (docs/design.md §2). Only their SHA-256 hashes are ever stored (an access token's
 * led by the time it was issued: credentialKey).
 */
export const ACCESS_TOKEN_PREFIX = 'vt_at_';
export const API_KEY_PREFIX = 'vt_key_';
export const REFRESH_TOKEN_PREFIX = 'vt_rt_';
export const AUTHORIZATION_CODE_PREFIX = 'vt_ac_';
export const CLIENT_SECRET_PREFIX = 'vt_cs_';
export const CLIENT_ID_PREFIX = 'vt_client_';

/** 32 random bytes = 256 bits of entropy (RFC 6749 §10.10). */
const SECRET_BYTES = 32;

/**
 * `vt_at_`, the time it was issued (`atMs`, 8 digits: newTimeOrderedId), then 32 random bytes:
 * the time leads its key in the credentials table too (credentialKey).
 */
export function mintAccessToken(random: Random, atMs: number): string {
  return newTimeOrderedId(atMs, random, ACCESS_TOKEN_PREFIX.slice(0, -1), SECRET_BYTES);
}

/** The length of an access token minted with its time: prefix, time digits, the secret in unpadded base64url. */
const TIMED_ACCESS_TOKEN_LENGTH = ACCESS_TOKEN_PREFIX.length + TIME_DIGITS + Math.ceil((SECRET_BYTES * 4) / 3);

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
  return hash('sha256', value, 'hex');
}

/**
 * The key a bearer value (access token or API key) is stored and looked up under in the
 * credentials table: its hash, led for an access token by the time digits it carries in the
 * clear (the `created_at` of its row, no part of its secret). Access tokens are the one secret
 * written at the rate of requests, and their hashes are random: each landed anywhere in the
 * table's key, and each commit wrote pages from all over it (issue 17; as inquiry ids, RFC 9562
 * §2). With the time in front, a new key lands next to the last. Tokens minted before this form
 * (no time digits: shorter) keep their plain hash.
 */
export function credentialKey(value: string): string {
  const hash = hashSecret(value);
  if (value.length !== TIMED_ACCESS_TOKEN_LENGTH || !value.startsWith(ACCESS_TOKEN_PREFIX)) return hash;
  return value.slice(ACCESS_TOKEN_PREFIX.length, ACCESS_TOKEN_PREFIX.length + TIME_DIGITS) + hash;
}

/** Compares a presented secret with a stored hash in constant time (hash both to equal length). */
export function secretMatchesHash(presented: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(presented), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
