import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import type { Stores } from '../store/ports/index.js';
import { normalizeEmail, type Owners } from './owners.js';
import { codeHash, sameDigest, sixDigitCode } from './secrets.js';

/** A code works for this long… */
export const CODE_MINUTES = 10;
/** …and for this many guesses. */
export const CODE_ATTEMPTS = 5;

export type CodeCheck = { ok: true; email: string } | { ok: false; reason: 'wrong' | 'expired' | 'locked' };

export interface SignInOptions {
  stores: Pick<Stores, 'signInCodes'>;
  owners: Owners;
  /** HMAC key of the stored codes (app_secrets) */
  codeKey: Buffer;
  clock: Clock;
  random: Random;
  logger: Logger;
  /** sends the code; null when mail is off */
  sendCode: ((email: string, code: string) => Promise<void>) | null;
}

/**
 * Signing in without a password: an emailed one-time code (CODE_MINUTES, CODE_ATTEMPTS, one
 * live code per email, stored only as an HMAC). Whether an address belongs to an owner is never
 * revealed: every request is answered alike, and mail leaves in the background.
 */
export class SignIn {
  constructor(private readonly options: SignInOptions) {}

  /** Sends an owner a fresh code (replacing any earlier one); does nothing for anyone else. */
  async requestCode(email: string): Promise<void> {
    const normalized = normalizeEmail(email);
    if (!(await this.options.owners.isOwner(normalized))) {
      this.options.logger.info({ event: 'sign_in_code_refused' }, 'sign-in code asked for an address that is not an owner');
      return;
    }
    // In the background, the code's write too: the answer must not take longer for an owner than
    // for anyone else (a security review timed the write: 4.1 against 2.7 ms at the median).
    this.issue(normalized).catch((error: unknown) => this.options.logger.warn({ event: 'sign_in_code_failed', err: (error as Error).message }, 'sign-in code could not be sent'));
  }

  private async issue(normalized: string): Promise<void> {
    const { clock, random, codeKey, stores } = this.options;
    const code = sixDigitCode(random);
    const now = clock.now();
    await stores.signInCodes.put({ email: normalized, code_hash: codeHash(codeKey, normalized, code), attempts: 0, expires_at: now + CODE_MINUTES * 60_000, created_at: now });
    const send = this.options.sendCode;
    if (!send) {
      this.options.logger.warn({ event: 'sign_in_code_unsent' }, 'an owner asked for a sign-in code but mail is off: use `vitrine owner login-link EMAIL`');
      return;
    }
    await send(normalized, code);
    this.options.logger.info({ event: 'sign_in_code_sent' }, 'sign-in code sent');
  }

  async checkCode(email: string, code: string): Promise<CodeCheck> {
    const normalized = normalizeEmail(email);
    const { stores, clock, codeKey } = this.options;
    const stored = await stores.signInCodes.get(normalized);
    if (!stored) return { ok: false, reason: 'wrong' };
    if (stored.attempts >= CODE_ATTEMPTS) return { ok: false, reason: 'locked' };
    if (stored.expires_at <= clock.now()) {
      await stores.signInCodes.delete(normalized);
      return { ok: false, reason: 'expired' };
    }
    if (/^\d{6}$/.test(code) && sameDigest(codeHash(codeKey, normalized, code), stored.code_hash)) {
      // Consumed only if nothing changed since the read: a parallel guess may have locked it.
      if (await stores.signInCodes.consume(normalized, stored.code_hash, clock.now(), CODE_ATTEMPTS)) return { ok: true, email: normalized };
      return { ok: false, reason: 'locked' };
    }
    const attempts = await stores.signInCodes.recordFailedAttempt(normalized);
    return { ok: false, reason: attempts >= CODE_ATTEMPTS ? 'locked' : 'wrong' };
  }
}
