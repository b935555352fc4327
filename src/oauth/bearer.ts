import type { Principal } from '../model/principal.js';

/**
 * The outcome of checking an `Authorization` header (RFC 6750 §2.1). A header that is absent
 * means anonymous; one that is present but not a live credential is never treated as anonymous.
 */
export type BearerCheck =
  | { kind: 'anonymous' }
  | { kind: 'valid'; principal: Principal }
  /** `no_bearer`: an Authorization header of another scheme, or `Bearer` with no token after it */
  | { kind: 'invalid'; reason: 'no_bearer' | 'malformed' | 'unknown' | 'expired' | 'revoked' };

export interface BearerVerifier {
  verify(authorization: string | undefined): Promise<BearerCheck>;
  /** Forget a cached credential at once (after revocation on this instance). */
  forget(hash: string): void;
}
