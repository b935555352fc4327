import { hash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.2: a S256 challenge is BASE64URL(SHA256(verifier)) = 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636 §4.1: code_verifier = 43*128 unreserved characters */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isS256Challenge(value: string): boolean {
  return S256_CHALLENGE.test(value);
}

/** RFC 7636 §4.6: the verifier's S256 transform must equal the stored challenge (compared in constant time). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const computed = Buffer.from(hash('sha256', verifier, 'base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
