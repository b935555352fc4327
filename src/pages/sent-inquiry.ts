import { createHmac, timingSafeEqual } from 'node:crypto';
import { INQUIRY_FIELDS, type InquiryValues } from './inquiry-form.js';

/** How long a browser remembers what it sent: long enough for Back and "Send" again. */
export const SENT_MEMORY_SECONDS = 60 * 60;

const REMEMBERED = /^(inq_[A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/**
 * What a browser last sent through the inquiry form, kept in a cookie as `reference.mac` (an
 * HMAC over the answers, with the form tokens' key). Back after sending brings a fresh form, so
 * its token (the idempotency key) cannot tell that the same answers sent again are the inquiry
 * already made: this can, and the visitor gets that inquiry's reference instead of a second one.
 * The cookie holds nothing but the reference the thank-you page showed and a MAC.
 */
export class SentInquiries {
  constructor(private readonly key: Buffer) {}

  remember(reference: string, values: InquiryValues): string {
    return `${reference}.${this.mac(values)}`;
  }

  /** The reference of the inquiry these very answers made, by the browser's cookie; else undefined. */
  sentBefore(cookie: string | undefined, values: InquiryValues): string | undefined {
    const match = REMEMBERED.exec(cookie ?? '');
    if (!match) return undefined;
    const expected = Buffer.from(this.mac(values));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
  }

  private mac(values: InquiryValues): string {
    // Domain-separated from the form tokens' MACs (`issuedAt.nonce`), which share the key.
    return createHmac('sha256', this.key)
      .update(`sent-inquiry\0${JSON.stringify(INQUIRY_FIELDS.map((field) => values[field].trim()))}`)
      .digest('base64url');
  }
}
