/** Idempotency-Key records (draft-ietf-httpapi-idempotency-key-header). */

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyClaim =
  | { state: 'acquired' }
  | { state: 'in_flight' }
  | { state: 'mismatch' }
  | { state: 'replay'; response: StoredResponse };

export interface IdempotencyStore {
  /**
   * Claims `scopeKey` for a request with `fingerprint`. A claim whose lock expired (the
   * holder crashed) may be taken over; a completed record is replayed until it expires.
   */
  claim(scopeKey: string, fingerprint: string, nowMs: number, lockMs: number, ttlMs: number): Promise<IdempotencyClaim>;
  /** Drops the in-flight claim taken at `claimedAtMs` whose request stored no result (e.g. a 4xx). */
  release(scopeKey: string, claimedAtMs: number): Promise<void>;
  /** Deletes expired records; returns how many. */
  prune(nowMs: number): Promise<number>;
}

export interface IdempotencyCompletion {
  scopeKey: string;
  /** when the claim being completed was taken; a claim taken over since is not ours to complete */
  claimedAtMs: number;
  response: StoredResponse;
  expiresAtMs: number;
}

/** The request's claim expired and another request took it over; nothing was written. */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('the idempotency claim was taken over by another request');
    this.name = 'IdempotencyClaimLostError';
  }
}
