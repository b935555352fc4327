import type { Clock } from '../lib/clock.js';
import type { CredentialRecord, CredentialStore } from '../store/ports/index.js';
import type { BearerCheck, BearerVerifier } from './bearer.js';
import { credentialKey } from './tokens.js';

/** RFC 6750 §2.1: b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"=" */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const BEARER = /^Bearer +(\S+) *$/i;
/** `Bearer` and at least one character of a token after it (RFC 6750 §2.1; the scheme is case-insensitive) */
const BEARER_SCHEME = /^Bearer +\S/i;
const MAX_CACHE_ENTRIES = 10_000;

interface CacheEntry {
  record: CredentialRecord;
  cachedAt: number;
}

export interface VerifierOptions {
  credentials: CredentialStore;
  clock: Clock;
  /** how long a looked-up credential may be served from memory; bounds cross-instance revocation lag */
  cacheSeconds: number;
}

/**
 * Resolves `Authorization` headers to principals by the SHA-256 of the bearer. Records are
 * cached briefly; `forget` drops one at once so a revocation on this instance takes effect
 * immediately, and other instances see it within `cacheSeconds`.
 */
export class CredentialVerifier implements BearerVerifier {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly options: VerifierOptions) {}

  async verify(authorization: string | undefined): Promise<BearerCheck> {
    if (authorization === undefined) return { kind: 'anonymous' };
    // RFC 6750 §2.1: only the Bearer scheme carries our credentials. Any other scheme (or a
    // malformed value) is a credential we cannot accept, never a reason to fall back to anonymous.
    const value = authorization.trim();
    if (!BEARER_SCHEME.test(value)) return { kind: 'invalid', reason: 'no_bearer' };
    const match = BEARER.exec(value);
    if (!match || !B64TOKEN.test(match[1]!) || match[1]!.length > 512) return { kind: 'invalid', reason: 'malformed' };
    const hash = credentialKey(match[1]!);
    const record = await this.lookup(hash);
    if (!record) return { kind: 'invalid', reason: 'unknown' };
    if (record.revoked_at !== null) return { kind: 'invalid', reason: 'revoked' };
    if (record.expires_at !== null && record.expires_at <= this.options.clock.now()) return { kind: 'invalid', reason: 'expired' };
    return {
      kind: 'valid',
      principal: {
        clientId: record.client_id,
        scopes: new Set(record.scope.split(' ').filter(Boolean)),
        identityType: record.identity_type,
        subject: record.subject,
        credential: record.kind,
        resource: record.resource,
      },
    };
  }

  forget(hash: string): void {
    this.cache.delete(hash);
  }

  private async lookup(hash: string): Promise<CredentialRecord | undefined> {
    const now = this.options.clock.now();
    const ttlMs = this.options.cacheSeconds * 1000;
    const hit = this.cache.get(hash);
    if (hit && now - hit.cachedAt < ttlMs) return hit.record;
    const record = await this.options.credentials.findByHash(hash);
    // Unknown hashes are not cached: a flood of random bearers must not grow memory.
    if (!record || ttlMs <= 0) {
      this.cache.delete(hash);
      return record;
    }
    if (this.cache.size >= MAX_CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    this.cache.delete(hash);
    this.cache.set(hash, { record, cachedAt: now });
    return record;
  }
}
