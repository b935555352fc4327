/** Owner API tokens (`vt_own_…`, scope `admin`) for /api/v1/admin, kept only as SHA-256 hashes. */
export interface OwnerTokenRecord {
  hash: string;
  /** a public handle (`otk_…`) to list and revoke the token by */
  id: string;
  email: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface OwnerTokenStore {
  insert(token: OwnerTokenRecord): Promise<void>;
  findByHash(hash: string): Promise<OwnerTokenRecord | undefined>;
  /** Every token, newest first; one owner's when `email` is given. */
  list(email?: string): Promise<OwnerTokenRecord[]>;
  /** Returns whether a live token was revoked. */
  revoke(id: string, nowMs: number): Promise<boolean>;
  touch(hash: string, nowMs: number): Promise<void>;
}
