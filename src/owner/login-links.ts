import type { Clock, Random } from '../lib/clock.js';
import { hashSecret } from '../oauth/tokens.js';
import type { LoginLinkStore } from '../store/ports/index.js';
import { normalizeEmail, type Owners } from './owners.js';
import { randomSecret } from './secrets.js';

/** A login link from `vitrine owner login-link` works once, for this long. */
export const LINK_MINUTES = 15;

/**
 * The first sign-in before mail is set up: the CLI prints a one-time URL (only its SHA-256 is
 * stored) that signs its owner in once, within LINK_MINUTES.
 */
export class LoginLinks {
  constructor(
    private readonly store: LoginLinkStore,
    private readonly owners: Owners,
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  async create(email: string, baseUrl: string): Promise<string> {
    const token = randomSecret(this.random);
    await this.store.insert({ hash: hashSecret(token), email: normalizeEmail(email), expires_at: this.clock.now() + LINK_MINUTES * 60_000 });
    return `${baseUrl}/admin/login/link?token=${token}`;
  }

  /** The owner a link signs in, once; null for a used, expired or unknown link, or an ex-owner. */
  async consume(token: string): Promise<string | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const email = await this.store.consume(hashSecret(token), this.clock.now());
    if (email === undefined || !(await this.owners.isOwner(email))) return null;
    return email;
  }
}
