import type { Clock, Random } from '../lib/clock.js';
import { hashSecret } from '../oauth/tokens.js';
import type { SessionStore } from '../store/ports/index.js';
import type { Owners } from './owners.js';
import { randomSecret } from './secrets.js';

/** A session's last-seen time is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface SessionOptions {
  store: SessionStore;
  owners: Owners;
  clock: Clock;
  random: Random;
  idleMs: number;
  absoluteMs: number;
}

export interface OwnerSession {
  email: string;
  /** the SHA-256 of the session id, what the store keys it by (and the CSRF token binds to) */
  hash: string;
  expiresAt: number;
}

/**
 * Owner sessions: a random id (the cookie's value) of which only the SHA-256 is stored, ending
 * after `idleMs` without a request or `absoluteMs` in any case, at sign-out, when the owner is
 * removed, or for every session of an owner at once (`vitrine owner sign-out-all`).
 */
export class Sessions {
  constructor(private readonly options: SessionOptions) {}

  async start(email: string): Promise<{ id: string; session: OwnerSession; maxAgeSeconds: number }> {
    const { store, clock, random, absoluteMs } = this.options;
    const id = randomSecret(random);
    const now = clock.now();
    const record = { hash: hashSecret(id), email, created_at: now, last_seen_at: now, expires_at: now + absoluteMs };
    await store.insert(record);
    return { id, session: { email, hash: record.hash, expiresAt: record.expires_at }, maxAgeSeconds: Math.floor(absoluteMs / 1000) };
  }

  /** The live session a cookie value names, or null (and an ended session is deleted). */
  async resolve(id: string | undefined): Promise<OwnerSession | null> {
    if (id === undefined || !/^[A-Za-z0-9_-]{43}$/.test(id)) return null;
    const { store, clock, idleMs, owners } = this.options;
    const hash = hashSecret(id);
    const record = await store.find(hash);
    if (!record) return null;
    const now = clock.now();
    if (record.expires_at <= now || record.last_seen_at + idleMs <= now || !(await owners.isOwner(record.email))) {
      await store.delete(hash);
      return null;
    }
    if (now - record.last_seen_at >= TOUCH_EVERY_MS) await store.touch(hash, now);
    return { email: record.email, hash, expiresAt: record.expires_at };
  }

  async end(id: string | undefined): Promise<void> {
    if (id !== undefined) await this.options.store.delete(hashSecret(id));
  }

  async endAll(email: string): Promise<number> {
    return this.options.store.deleteFor(email);
  }

  async prune(): Promise<number> {
    const now = this.options.clock.now();
    return this.options.store.prune(now, now - this.options.idleMs);
  }
}
