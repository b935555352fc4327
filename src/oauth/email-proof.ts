import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import { normalizeEmail } from '../owner/owners.js';
import { codeHash, sameDigest, sixDigitCode } from '../owner/secrets.js';
import type { SignInCodeStore } from '../store/ports/index.js';

export const PROOF_CODE_MINUTES = 10;
export const PROOF_CODE_ATTEMPTS = 5;

export type ProofCheck = { ok: true; email: string } | { ok: false; reason: 'wrong' | 'expired' | 'locked' };

export interface EmailProofOptions {
  codes: SignInCodeStore;
  /** HMAC key of the stored codes (app_secrets) */
  codeKey: Buffer;
  clock: Clock;
  random: Random;
  logger: Logger;
  /** sends the code; null when mail is off (the consent page then offers no email proof) */
  sendCode: ((email: string, code: string) => Promise<void>) | null;
}

/**
 * Proving an email address on the consent page: the owners' sign-in pattern (owner/sign-in.ts)
 * for anyone — a six-digit code mailed to the address, one live code per address, stored only
 * as an HMAC, PROOF_CODE_MINUTES and PROOF_CODE_ATTEMPTS — in a table of its own.
 */
export class EmailProof {
  constructor(private readonly options: EmailProofOptions) {}

  get available(): boolean {
    return this.options.sendCode !== null;
  }

  /** Mails a fresh code (replacing an earlier one); rejects when the mail server refuses it. */
  async send(email: string): Promise<void> {
    const { clock, random, codeKey, codes, sendCode } = this.options;
    if (!sendCode) throw new Error('mail is off');
    const normalized = normalizeEmail(email);
    const code = sixDigitCode(random);
    const now = clock.now();
    await codes.put({ email: normalized, code_hash: codeHash(codeKey, normalized, code), attempts: 0, expires_at: now + PROOF_CODE_MINUTES * 60_000, created_at: now });
    await sendCode(normalized, code);
    this.options.logger.info({ event: 'consent_code_sent' }, 'email proof code sent');
  }

  async check(email: string, code: string): Promise<ProofCheck> {
    const normalized = normalizeEmail(email);
    const { codes, clock, codeKey } = this.options;
    const stored = await codes.get(normalized);
    if (!stored) return { ok: false, reason: 'wrong' };
    if (stored.attempts >= PROOF_CODE_ATTEMPTS) return { ok: false, reason: 'locked' };
    if (stored.expires_at <= clock.now()) {
      await codes.delete(normalized);
      return { ok: false, reason: 'expired' };
    }
    if (/^\d{6}$/.test(code) && sameDigest(codeHash(codeKey, normalized, code), stored.code_hash)) {
      if (await codes.consume(normalized, stored.code_hash, clock.now(), PROOF_CODE_ATTEMPTS)) return { ok: true, email: normalized };
      return { ok: false, reason: 'locked' };
    }
    const attempts = await codes.recordFailedAttempt(normalized);
    return { ok: false, reason: attempts >= PROOF_CODE_ATTEMPTS ? 'locked' : 'wrong' };
  }
}
