import type { Clock } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import type { OwnerStore } from '../store/ports/index.js';

export type OwnerSource = 'configuration' | 'database';

export interface Owner {
  email: string;
  /** OWNER_EMAILS, `vitrine owner add`, or both */
  sources: OwnerSource[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Owners compare by address, case-insensitively (RFC 5321 local parts rarely differ by case in practice). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Owners are email addresses: those OWNER_EMAILS names and those `vitrine owner add` stored. */
export class Owners {
  constructor(
    private readonly store: OwnerStore,
    private readonly configured: readonly string[],
    private readonly clock: Clock,
  ) {}

  async isOwner(email: string): Promise<boolean> {
    const normalized = normalizeEmail(email);
    return this.configured.includes(normalized) || (await this.store.has(normalized));
  }

  async add(email: string): Promise<{ email: string; added: boolean }> {
    const normalized = normalizeEmail(email);
    if (!EMAIL.test(normalized) || normalized.length > 254) throw new ValidationError(`"${email}" is not an email address.`, [{ path: 'email', message: 'is not an email address' }]);
    return { email: normalized, added: await this.store.add(normalized, this.clock.now()) };
  }

  /** Removes a stored owner; one named by OWNER_EMAILS stays an owner until the configuration changes. */
  async remove(email: string): Promise<{ removed: boolean; stillConfigured: boolean }> {
    const normalized = normalizeEmail(email);
    return { removed: await this.store.remove(normalized), stillConfigured: this.configured.includes(normalized) };
  }

  async list(): Promise<Owner[]> {
    const owners = new Map<string, OwnerSource[]>();
    for (const email of this.configured) owners.set(email, ['configuration']);
    for (const { email } of await this.store.list()) owners.set(email, [...(owners.get(email) ?? []), 'database']);
    return [...owners].sort(([a], [b]) => a.localeCompare(b)).map(([email, sources]) => ({ email, sources }));
  }
}
