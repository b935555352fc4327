/** Idempotency-Key records (draft-ietf-httpapi-idempotency-key-header). */

export type IdempotencyClaim =
  | { state: 'acquired' }
  | { state: 'in_flight' }
  | { state: 'mismatch' }
  /** `result` is what complete() stored for the first request, as stored */
  | { state: 'replay'; result: string };

export interface IdempotencyCompletion {
  scopeKey: string;
  /** when the claim being completed was taken; a claim taken over since is not ours to complete */
  claimedAtMs: number;
  /** the operation's result, encoded (and encrypted) by the idempotency layer */
  result: string;
  /** the id of what the operation created (an inquiry), so erasing it can find this record */
  resource: string | null;
  expiresAtMs: number;
}

/** What a request finds under a key it has not claimed (IdempotencyStore.look). */
export type IdempotencyFinding = Exclude<IdempotencyClaim, { state: 'acquired' }> | { state: 'absent' };

/**
 * A key's record as an operation that commits in one write leaves it: complete, with its result
 * (Store.acceptInquiry, IdempotencyStore.settle). No in-flight claim precedes it.
 */
export interface IdempotencyRecord {
  scopeKey: string;
  fingerprint: string;
  /** the operation's result, encoded (and encrypted) by the idempotency layer */
  result: string;
  /** the id of what the operation created (an inquiry), so erasing it can find this record */
  resource: string | null;
  /** now: when the record is written, and the instant a live record is told from a stale one */
  createdAtMs: number;
  expiresAtMs: number;
}

export interface IdempotencyStore {
  /**
   * Claims `scopeKey` for a request with `fingerprint`. A claim whose lock expired (the
   * holder crashed) may be taken over; a completed record is replayed until it expires.
   */
  claim(scopeKey: string, fingerprint: string, nowMs: number, lockMs: number, ttlMs: number): Promise<IdempotencyClaim>;
  /**
   * Completes the claim taken at `claimedAtMs` with its result. Call it in the transaction that
   * stores the operation's effects: a crash leaves both or neither. Throws
   * IdempotencyClaimLostError when another request took the claim over (the transaction must
   * then roll back).
   */
  complete(completion: IdempotencyCompletion): Promise<void>;
  /**
   * Writes `record` unless the key holds a live record — a completed one not yet expired, or an
   * in-flight claim whose lock holds — and says whether it did. One atomic statement, so of two
   * requests with the same key exactly one writes; in a transaction, the record commits with it.
   */
  settle(record: IdempotencyRecord): Promise<boolean>;
  /** What a request with `fingerprint` finds under `scopeKey` at `nowMs`, claiming nothing; expired records and dead claims are absent. */
  look(scopeKey: string, fingerprint: string, nowMs: number): Promise<IdempotencyFinding>;
  /** Drops the in-flight claim taken at `claimedAtMs` whose request stored no result (e.g. a 4xx). */
  release(scopeKey: string, claimedAtMs: number): Promise<void>;
  /** Deletes expired records; returns how many. */
  prune(nowMs: number): Promise<number>;
  /** Deletes the records of operations that created `resource` (erasing an inquiry); returns how many. */
  deleteForResource(resource: string): Promise<number>;
}

/** The request's claim expired and another request took it over; nothing was written. */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('the idempotency claim was taken over by another request');
    this.name = 'IdempotencyClaimLostError';
  }
}
