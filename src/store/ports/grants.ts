import type { IdentityType } from '../../model/principal.js';

/**
 * What an authorization grant (RFC 6749 §4.1) leaves in storage: the single-use code and the
 * rotating refresh tokens of its family. Only SHA-256 hashes of the secrets are kept.
 */
export interface GrantFacts {
  /** one id per consent: the code, every refresh token and access token issued from it */
  grant_id: string;
  client_id: string;
  scope: string;
  resource: string | null;
  identity_type: IdentityType;
  subject: string | null;
}

export interface AuthorizationCodeRecord extends GrantFacts {
  hash: string;
  redirect_uri: string;
  /** the authorization request named redirect_uri, so the token request must name it too */
  redirect_uri_named: boolean;
  code_challenge: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RefreshTokenRecord extends GrantFacts {
  hash: string;
  created_at: number;
  expires_at: number;
  /** set when the token was exchanged (rotated); a second use is reuse */
  used_at: number | null;
  revoked_at: number | null;
}

/** The outcome of using a single-use secret: the record, and whether this call was its first use. */
export interface Used<T> {
  record: T;
  firstUse: boolean;
}

export interface AuthorizationCodeStore {
  insert(code: AuthorizationCodeRecord): Promise<void>;
  /** Marks the code used in one statement (of two racing uses one wins); undefined when unknown. */
  use(hash: string, nowMs: number): Promise<Used<AuthorizationCodeRecord> | undefined>;
  find(hash: string): Promise<AuthorizationCodeRecord | undefined>;
  /** Deletes a replayed code: its absence tells a redemption racing the replay to revoke what it issued. */
  discard(hash: string): Promise<void>;
}

export interface RefreshTokenStore {
  insert(token: RefreshTokenRecord): Promise<void>;
  /** Marks the token used (rotated) in one statement; undefined when unknown. */
  use(hash: string, nowMs: number): Promise<Used<RefreshTokenRecord> | undefined>;
  find(hash: string): Promise<RefreshTokenRecord | undefined>;
  /** Revokes this one token (a reused one, before its grant: see grants/refresh-token.ts). */
  revoke(hash: string, nowMs: number): Promise<void>;
  /** Revokes every refresh token of the grant; returns how many were live. */
  revokeGrant(grantId: string, nowMs: number): Promise<number>;
  /** Deletes tokens past their expiry (used, revoked or not): an expired token is refused anyway. */
  prune(nowMs: number): Promise<number>;
}
