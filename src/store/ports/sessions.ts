/** Owner sessions, by the SHA-256 hash of the id the session cookie carries. */
export interface SessionRecord {
  hash: string;
  email: string;
  created_at: number;
  last_seen_at: number;
  /** the absolute end of the session */
  expires_at: number;
}

export interface SessionStore {
  insert(session: SessionRecord): Promise<void>;
  find(hash: string): Promise<SessionRecord | undefined>;
  touch(hash: string, nowMs: number): Promise<void>;
  delete(hash: string): Promise<void>;
  /** Ends every session of one owner; returns how many. */
  deleteFor(email: string): Promise<number>;
  /** Deletes sessions idle since `idleBeforeMs` or past their absolute end; returns how many. */
  prune(nowMs: number, idleBeforeMs: number): Promise<number>;
}
