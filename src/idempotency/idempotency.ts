import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import { IdempotencyClaimLostError, type IdempotencyCompletion, type IdempotencyFinding, type IdempotencyRecord, type Store, type Stores } from '../store/ports/index.js';
import { IdempotencyInFlightError, IdempotencyKeyReusedError } from './errors.js';
import { fingerprint, idempotencyScopeKey } from './key.js';
import { openResult, sealResult } from './result-cipher.js';

/** How long an in-flight claim blocks the key before a crashed holder's claim may be taken over (IDEMPOTENCY_LOCK_SECONDS). */
const DEFAULT_IN_FLIGHT_LOCK_SECONDS = 30;
const PRUNE_EVERY_MS = 60_000;
/** How many times a write is tried while the record that refused it vanishes before it is looked at (expired, or a claim released). */
const SETTLE_ATTEMPTS = 3;

/** One call of an operation that takes an idempotency key. */
export interface IdempotentCall {
  /** whose keys these are: a client id, `anonymous`, or an address for secret-bearing replays */
  principal: string;
  /** the operation, as the HTTP method and path it is served at (MCP and forms share them) */
  method: string;
  path: string;
  /** the client's key, already parsed; undefined = the call is not deduplicated */
  key: string | undefined;
  /** the request as a JSON value: the same key with another request is refused */
  request: unknown;
}

/** Writes an operation's effects in one transaction, with the key's completion; returns the result. */
export type Commit<T> = (write: (tx: Stores) => Promise<T>) => Promise<T>;

/** Committing with the key's completion (`completionOf`: null without a key); `committed` is told once it is. */
function commitOf<T>(store: Store, completionOf: ((value: T) => IdempotencyCompletion) | null, committed: () => void): Commit<T> {
  return async (write) => {
    const value = await store.transaction(async (tx) => {
      const value = await write(tx);
      if (completionOf) await tx.idempotency.complete(completionOf(value));
      return value;
    });
    committed();
    return value;
  };
}

export interface RunOptions<T> {
  /** the id of what the result created, kept with the record so erasing it can find the record */
  resourceOf?: (result: T) => string | null;
  /** refuse shorter keys: a replay of this operation hands out a secret */
  minKeyLength?: number;
}

export interface Executed<T> {
  value: T;
  /** true when `value` is the stored result of an earlier call with the same key */
  replayed: boolean;
}

export interface IdempotencyOptions {
  store: Store;
  clock: Clock;
  random: Random;
  ttlSeconds: number;
  /**
   * how long an in-flight claim blocks its key; after that a retry takes the claim over, and the
   * original (if it still runs) can no longer commit (complete() checks the claim it took)
   */
  lockSeconds?: number;
  logger: Logger;
}

/** A call's key as stored and sealed: the scope key, the request's fingerprint and the cipher material. */
interface Keyed {
  scopeKey: string;
  request: string;
  /** the principal, operation and raw key: only ever derives the cipher key, never stored */
  material: string;
}

/**
 * draft-ietf-httpapi-idempotency-key-header with Stripe's semantics, for every operation that
 * takes a key (REST POSTs, MCP tools, the HTML form): the same key and request replays the
 * stored result (even if the catalog changed since), the same key with another request is 422,
 * and while the first is in flight a second is 409. The operation's writes and its result commit
 * together, so a crash leaves both or neither; a failed request stores nothing, so a corrected
 * retry under the same key goes through. Results are JSON values, encrypted at rest
 * (result-cipher.ts). Two ways in: `run` claims the key before the work and completes it in the
 * work's transaction; `runInOneWrite`, for an operation that is one store write, writes the
 * completed record with it and takes no claim.
 */
export class Idempotency {
  private lastPrune = Number.NEGATIVE_INFINITY;
  private readonly lockMs: number;

  constructor(private readonly options: IdempotencyOptions) {
    this.lockMs = (options.lockSeconds ?? DEFAULT_IN_FLIGHT_LOCK_SECONDS) * 1000;
  }

  async run<T>(call: IdempotentCall, work: (commit: Commit<T>) => Promise<T>, options: RunOptions<T> = {}): Promise<Executed<T>> {
    const { store, clock } = this.options;
    const keyed = this.keyed(call, options);
    if (keyed === undefined) return { value: await work(commitOf(store, null, () => {})), replayed: false };
    const { scopeKey, request, material } = keyed;
    const now = clock.now();
    const ttlMs = this.options.ttlSeconds * 1000;
    // The key is claimed before the request is looked at (see runInOneWrite for the other order).
    const claim = await store.idempotency.claim(scopeKey, request, now, this.lockMs, ttlMs);
    if (claim.state !== 'acquired') return this.found(claim, material);

    // Stored only while this request still holds the claim it took at `now`.
    const completion = (value: T): IdempotencyCompletion => ({
      scopeKey,
      claimedAtMs: now,
      result: sealResult(material, JSON.stringify(value), this.options.random),
      resource: options.resourceOf?.(value) ?? null,
      expiresAtMs: now + ttlMs,
    });
    let committed = false;
    try {
      const value = await work(commitOf(store, completion, () => (committed = true)));
      if (!committed) throw new Error('an idempotent operation returned without committing its result');
      return { value, replayed: false };
    } catch (error) {
      // A claim lost to a takeover is the other request's to finish.
      if (error instanceof IdempotencyClaimLostError) throw new IdempotencyInFlightError();
      if (!committed) await store.idempotency.release(scopeKey, now).catch(() => undefined);
      throw error;
    }
  }

  /**
   * For an operation whose effects are one store write that also stores the key's completed
   * record (Store.acceptInquiry): `prepare` validates and builds the result, then `write` stores
   * it — with `record`, null without a key — unless the key holds a live record, and says
   * whether it did. No claim comes first, so a request is one write, not three (claim, write,
   * completion; issue 17). The key still decides before the request: when `prepare` fails (bad
   * input, a project since unpublished) or `write` finds the key taken, the key's record is
   * looked at and replayed, refused as reused (422) or as in flight (409, a claim of `run`'s);
   * only a key with no live record lets the error through. A second request with a key whose
   * first is mid-write waits for it in the database (a row lock) and then replays it.
   */
  async runInOneWrite<T>(call: IdempotentCall, prepare: () => Promise<T>, write: (value: T, record: IdempotencyRecord | null) => Promise<boolean>, options: RunOptions<T> = {}): Promise<Executed<T>> {
    const { store, clock } = this.options;
    const keyed = this.keyed(call, options);
    if (keyed === undefined) {
      const value = await prepare();
      if (!(await write(value, null))) throw new Error('a write without an idempotency key was refused');
      return { value, replayed: false };
    }
    const { scopeKey, request, material } = keyed;
    let value: T;
    try {
      value = await prepare();
    } catch (error) {
      const found = await store.idempotency.look(scopeKey, request, clock.now());
      if (found.state === 'absent') throw error;
      return this.found(found, material);
    }
    const result = sealResult(material, JSON.stringify(value), this.options.random);
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      const now = clock.now();
      const record = { scopeKey, fingerprint: request, result, resource: options.resourceOf?.(value) ?? null, createdAtMs: now, expiresAtMs: now + this.options.ttlSeconds * 1000 };
      if (await write(value, record)) return { value, replayed: false };
      const found = await store.idempotency.look(scopeKey, request, clock.now());
      if (found.state !== 'absent') return this.found(found, material);
      // The record that refused the write has expired, or its claim was released, since: again.
    }
    throw new IdempotencyInFlightError();
  }

  /** The call's key, checked, as stored and sealed; undefined for a call without one. */
  private keyed(call: IdempotentCall, options: Pick<RunOptions<unknown>, 'minKeyLength'>): Keyed | undefined {
    if (call.key === undefined) return undefined;
    if (options.minKeyLength !== undefined && call.key.length < options.minKeyLength) {
      const why = `must be at least ${options.minKeyLength} characters here (e.g. a UUID): a replay of this request returns a secret`;
      throw new ValidationError(`Idempotency-Key ${why}.`, [{ path: 'header.Idempotency-Key', message: why }]);
    }
    this.maybePrune();
    return {
      scopeKey: idempotencyScopeKey(call.principal, call.method, call.path, call.key),
      request: fingerprint(call.request),
      material: JSON.stringify([call.principal, call.method, call.path, call.key]),
    };
  }

  /** What a key's live record means for this request: its replay, or the error to answer. */
  private found<T>(found: Exclude<IdempotencyFinding, { state: 'absent' }>, material: string): Executed<T> {
    switch (found.state) {
      case 'replay':
        return { value: JSON.parse(openResult(material, found.result)) as T, replayed: true };
      case 'in_flight':
        throw new IdempotencyInFlightError();
      case 'mismatch':
        throw new IdempotencyKeyReusedError();
    }
  }

  private maybePrune(): void {
    const now = this.options.clock.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    this.options.store.idempotency.prune(now).then(
      (n) => n > 0 && this.options.logger.debug({ pruned: n }, 'pruned expired idempotency records'),
      (error: unknown) => this.options.logger.warn({ err: error }, 'idempotency prune failed'),
    );
  }
}
