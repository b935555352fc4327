/** Emailed one-time codes: one live code per email, kept only as a keyed hash. */
export interface SignInCodeRecord {
  email: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
}

export interface SignInCodeStore {
  /** Stores the email's code, replacing any earlier one (one live code per email). */
  put(record: SignInCodeRecord): Promise<void>;
  get(email: string): Promise<SignInCodeRecord | undefined>;
  /** Counts a wrong guess; returns the attempts made so far. */
  recordFailedAttempt(email: string): Promise<number>;
  /**
   * Deletes the email's code if it is still `code_hash`, live at `nowMs` and has had fewer than
   * `maxAttempts` wrong guesses; true when it did. One statement, so a code signs in only once
   * even when guesses race.
   */
  consume(email: string, code_hash: string, nowMs: number, maxAttempts: number): Promise<boolean>;
  delete(email: string): Promise<void>;
}

/** One-time sign-in links printed by `vitrine owner login-link`, kept only as a SHA-256 hash. */
export interface LoginLinkRecord {
  hash: string;
  email: string;
  expires_at: number;
}

export interface LoginLinkStore {
  insert(link: LoginLinkRecord): Promise<void>;
  /** Marks the link used and returns its email, once, and only before it expires. */
  consume(hash: string, nowMs: number): Promise<string | undefined>;
}
