import { strongEtag } from './etag.js';

/**
 * An answer as it is kept and sent: its UTF-8 bytes and the strong validator of exactly those
 * bytes (RFC 9110 §8.8.3). Kept as bytes, not text: the bytes are what the socket takes, what the
 * ETag hashes and what the caches weigh, and they live outside V8's heap, so a kept answer is
 * neither copied by the young generation's collections nor marked by the old one's (issue 17).
 */
export interface Representation {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

const utf8 = new TextEncoder();

/** A text's UTF-8 bytes. */
export function utf8Bytes(text: string): Uint8Array<ArrayBuffer> {
  return utf8.encode(text);
}

/** Bytes with their strong ETag, or a text encoded once for both. */
export function representationOf(content: string | Uint8Array<ArrayBuffer>): Representation {
  const bytes = typeof content === 'string' ? utf8Bytes(content) : content;
  return { bytes, etag: strongEtag(bytes) };
}
