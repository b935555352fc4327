import type { Principal } from '../model/principal.js';

/**
 * The outcome of checking an `Authorization` header (RFC 6750 §2.1). A header that is absent
 * means anonymous; one that is present but not a live credential is never treated as anonymous.
 */
export type BearerCheck =
  | { kind: 'anonymous' }
  | { kind: 'valid'; principal: Principal }
  | { kind: 'invalid'; reason: 'malformed' | 'unknown' | 'expired' | 'revoked' };

export interface BearerVerifier {
  verify(authorization: string | undefined): Promise<BearerCheck>;
  /** Forget a cached credential at once (after revocation on this instance). */
  forget(hash: string): void;
}
