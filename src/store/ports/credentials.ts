import type { CredentialKind, IdentityType } from '../../model/principal.js';

/** Bearer credentials (access tokens, API keys) by hash, and single-use assertion ids. */

export interface CredentialRecord {
  /** SHA-256 of the bearer value, hex */
  hash: string;
  kind: CredentialKind;
  client_id: string;
  scope: string;
  identity_type: IdentityType;
  /** who the assertion named (email or `iss|sub`), null when anonymous */
  subject: string | null;
  created_at: number;
  /** epoch ms; null = no expiry (API keys) */
  expires_at: number | null;
  revoked_at: number | null;
  /** RFC 8707: the resource the token is for; null = every resource of this service */
  resource: string | null;
  /** the authorization grant (code and refresh family) it came from; null for other grants */
  grant_id: string | null;
}

export interface CredentialStore {
  insert(credential: CredentialRecord): Promise<void>;
  findByHash(hash: string): Promise<CredentialRecord | undefined>;
  /** Returns whether a live credential was revoked. */
  revoke(hash: string, nowMs: number): Promise<boolean>;
  /** Revokes every live credential of an authorization grant; returns their hashes. */
  revokeGrant(grantId: string, nowMs: number): Promise<string[]>;
  /** Deletes the access tokens that expired before `nowMs` (API keys do not expire); returns how many. */
  prune(nowMs: number): Promise<number>;
}

export interface AssertionReplayStore {
  /** Records a `jti` as used; false when it was seen before (replay). */
  useOnce(issuer: string, jti: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}
