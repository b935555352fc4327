import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock, Random } from '../lib/clock.js';

export const FORM_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export type FormTokenCheck = { ok: true } | { ok: false; reason: 'malformed' | 'bad_signature' | 'expired' };

/**
 * Tokens embedded in the anonymous inquiry form: `issuedAt.nonce.mac`, an HMAC-SHA256 over the
 * issue time and a random nonce with a key every instance shares (stored once in the database,
 * so a form rendered by one instance verifies on another). A valid token proves the form came
 * from us within the last two hours (CSRF defence for a form without a session) and, being
 * unique per rendered form, doubles as its Idempotency-Key so a double submit stores one inquiry.
 */
export class FormTokens {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
    private readonly random: Random,
    private readonly ttlMs = FORM_TOKEN_TTL_MS,
  ) {}

  issue(): string {
    const payload = `${this.clock.now().toString(36)}.${this.random.bytes(16).toString('base64url')}`;
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string): FormTokenCheck {
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'malformed' };
    const expected = Buffer.from(this.mac(`${match[1]}.${match[2]}`));
    const given = Buffer.from(match[3]!);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'bad_signature' };
    const age = this.clock.now() - parseInt(match[1]!, 36);
    // A token from the future (beyond small clock skew) was not issued by this clock.
    if (age > this.ttlMs || age < -60_000) return { ok: false, reason: 'expired' };
    return { ok: true };
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }
}
