import type { Clock, Random } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import { newId } from '../lib/clock.js';
import { hashSecret } from '../oauth/tokens.js';
import type { OwnerTokenRecord, OwnerTokenStore } from '../store/ports/index.js';
import type { Owners } from './owners.js';
import { OWNER_TOKEN_PREFIX, randomSecret } from './secrets.js';

/** The one scope an owner token carries: the admin API. Never minted by the public OAuth endpoints. */
export const ADMIN_SCOPE = 'admin';

export type OwnerTokenView = Omit<OwnerTokenRecord, 'hash'>;

export type OwnerTokenCheck = { kind: 'valid'; email: string; tokenId: string } | { kind: 'invalid' };

/** A token's name as stored (trimmed, 1–100 characters); a ValidationError otherwise. */
export function tokenName(name: string): string {
  const label = name.trim();
  if (label.length === 0 || label.length > 100) throw new ValidationError('A token needs a name of 1–100 characters.', [{ path: 'name', message: 'must be 1–100 characters' }]);
  return label;
}

/** Owner API tokens for /api/v1/admin: shown once, stored as SHA-256, revocable, tied to an owner. */
export class OwnerTokens {
  constructor(
    private readonly store: OwnerTokenStore,
    private readonly owners: Owners,
    private readonly clock: Clock,
    private readonly random: Random,
  ) {}

  /** A new token for `email`; the raw value is returned this once. */
  async create(email: string, name: string): Promise<{ token: string; view: OwnerTokenView }> {
    const label = tokenName(name);
    if (!(await this.owners.isOwner(email))) throw new ValidationError(`${email} is not an owner.`, [{ path: 'email', message: 'is not an owner' }]);
    const token = `${OWNER_TOKEN_PREFIX}${randomSecret(this.random)}`;
    const record: OwnerTokenRecord = { hash: hashSecret(token), id: newId(this.random, 'otk'), email, name: label, created_at: this.clock.now(), last_used_at: null, revoked_at: null };
    await this.store.insert(record);
    const { hash: _hash, ...view } = record;
    return { token, view };
  }

  /** RFC 6750 §2.1 bearer value → the owner it acts for; anything else (revoked, ex-owner) is invalid. */
  async verify(bearer: string): Promise<OwnerTokenCheck> {
    if (!bearer.startsWith(OWNER_TOKEN_PREFIX) || bearer.length > 200) return { kind: 'invalid' };
    const hash = hashSecret(bearer);
    const record = await this.store.findByHash(hash);
    if (!record || record.revoked_at !== null || !(await this.owners.isOwner(record.email))) return { kind: 'invalid' };
    // Last use is shown to owners to the minute; writing it on every call would cost a write per request.
    const now = this.clock.now();
    if (record.last_used_at === null || now - record.last_used_at >= 60_000) await this.store.touch(hash, now);
    return { kind: 'valid', email: record.email, tokenId: record.id };
  }

  async list(email?: string): Promise<OwnerTokenView[]> {
    return (await this.store.list(email)).map(({ hash: _hash, ...view }) => view);
  }

  async revoke(id: string): Promise<boolean> {
    return this.store.revoke(id, this.clock.now());
  }
}
