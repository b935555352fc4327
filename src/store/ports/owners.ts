/** Owners added with `vitrine owner add` (OWNER_EMAILS names more, in configuration). */
export interface OwnerRecord {
  /** lower case */
  email: string;
  added_at: number;
}

export interface OwnerStore {
  /** Returns false when the owner was there already. */
  add(email: string, nowMs: number): Promise<boolean>;
  remove(email: string): Promise<boolean>;
  list(): Promise<OwnerRecord[]>;
  has(email: string): Promise<boolean>;
}
