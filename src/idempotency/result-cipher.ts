import { createCipheriv, createDecipheriv, createHmac } from 'node:crypto';
import type { Random } from '../lib/clock.js';

/**
 * Results kept for replay are encrypted (AES-256-GCM) under a key derived (HKDF-SHA256, RFC
 * 5869) from the client's own Idempotency-Key, which is never stored: the database holds only
 * a hash of it. A replayed result can hold a secret (the API key of POST /api/v1/keys) or
 * personal data (an inquiry's name and email); a copy of the database alone reveals neither.
 */

const VERSION = 'v1';
const INFO = 'vitrine idempotency result v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const NO_SALT = Buffer.alloc(32);
const FIRST_BLOCK = Buffer.concat([Buffer.from(INFO, 'utf8'), Buffer.of(1)]);

/**
 * `material` identifies the request scope and includes the raw key (see Idempotency.scope).
 * HKDF-SHA256 with an empty salt and 32 bytes of output, written as its two HMACs: RFC 5869
 * §2.2, an absent salt is HashLen zeros (PRK = HMAC(zeros, IKM)); §2.3, the first block is
 * HMAC(PRK, info || 0x01). Byte-identical to crypto.hkdfSync (test/idempotency/result-cipher.test.ts),
 * at half its cost: hkdfSync built key objects on every inquiry.
 */
export function resultKey(material: string): Buffer {
  const prk = createHmac('sha256', NO_SALT).update(material, 'utf8').digest();
  return createHmac('sha256', prk).update(FIRST_BLOCK).digest();
}

export function sealResult(material: string, plaintext: string, random: Random): string {
  const iv = random.bytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', resultKey(material), iv);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/**
 * The plaintext of a sealed result. A value without the version prefix was stored in plain
 * text before results were sealed (it expires with its record) and is returned as it is.
 */
export function openResult(material: string, stored: string): string {
  if (!stored.startsWith(`${VERSION}.`)) return stored;
  const [, iv, sealed] = stored.split('.');
  const bytes = Buffer.from(sealed ?? '', 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', resultKey(material), Buffer.from(iv ?? '', 'base64url'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
}
