import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import { ValidationError } from '../lib/errors.js';
import { IdempotencyClaimLostError, type IdempotencyClaim, type IdempotencyCompletion, type Store, type Stores } from '../store/ports/index.js';
import { IdempotencyInFlightError, IdempotencyKeyReusedError } from './errors.js';
import { fingerprint, idempotencyScopeKey } from './key.js';
import { openResult, sealResult } from './result-cipher.js';

/** How long an in-flight claim blocks the key before a crashed holder's claim may be taken over (IDEMPOTENCY_LOCK_SECONDS). */
const DEFAULT_IN_FLIGHT_LOCK_SECONDS = 30;
const PRUNE_EVERY_MS = 60_000;
/** How often a request that waits for an in-flight original looks again. */
const WAIT_POLL_MS = 50;

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

/** How an operation commits its effects together with its result (what a replay returns). */
export interface Commit<T> {
  /** Writes the operation's effects in one transaction, with the key's completion; returns the result. */
  (write: (tx: Stores) => Promise<T>): Promise<T>;
  /**
   * For a store call that writes the effects and the key's completion atomically by itself
   * (Store.acceptInquiry): `write` stores `completion` (null without a key) with them, or throws
   * having written nothing; `value` is the result.
   */
  together(value: T, write: (completion: IdempotencyCompletion | null) => Promise<void>): Promise<T>;
}

/**
 * Both ways of committing, with the key's completion (`completionOf`: null without a key) stored
 * in the same write as the operation's effects; `committed` is told once they are.
 */
function commitOf<T>(store: Store, completionOf: ((value: T) => IdempotencyCompletion) | null, committed: () => void): Commit<T> {
  const inTransaction = async (write: (tx: Stores) => Promise<T>) => {
    const value = await store.transaction(async (tx) => {
      const value = await write(tx);
      if (completionOf) await tx.idempotency.complete(completionOf(value));
      return value;
    });
    committed();
    return value;
  };
  const together = async (value: T, write: (completion: IdempotencyCompletion | null) => Promise<void>) => {
    await write(completionOf?.(value) ?? null);
    committed();
    return value;
  };
  return Object.assign(inTransaction, { together });
}

export interface RunOptions<T> {
  /** the id of what the result created, kept with the record so erasing it can find the record */
  resourceOf?: (result: T) => string | null;
  /** wait up to this long for an in-flight original instead of answering 409 (a double submit) */
  waitForInFlightMs?: number;
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
  /** how a waiting request pauses between looks (tests may pass a faster one) */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * draft-ietf-httpapi-idempotency-key-header with Stripe's semantics, for every operation that
 * takes a key (REST POSTs, MCP tools, the HTML form). A key is claimed before the request is
 * looked at: the same key and request replays the stored result (even if the catalog changed
 * since), the same key with another request is 422, and while the first is in flight a second
 * is 409. The operation's writes and its result commit in one transaction, so a crash leaves
 * both or neither; a failed request stores nothing, so a corrected retry under the same key
 * goes through. Results are JSON values, encrypted at rest (result-cipher.ts).
 */
export class Idempotency {
  private lastPrune = Number.NEGATIVE_INFINITY;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly lockMs: number;

  constructor(private readonly options: IdempotencyOptions) {
    this.lockMs = (options.lockSeconds ?? DEFAULT_IN_FLIGHT_LOCK_SECONDS) * 1000;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  async run<T>(call: IdempotentCall, work: (commit: Commit<T>) => Promise<T>, options: RunOptions<T> = {}): Promise<Executed<T>> {
    const { store, clock } = this.options;
    if (call.key === undefined) return { value: await work(commitOf(store, null, () => {})), replayed: false };
    if (options.minKeyLength !== undefined && call.key.length < options.minKeyLength) {
      const why = `must be at least ${options.minKeyLength} characters here (e.g. a UUID): a replay of this request returns a secret`;
      throw new ValidationError(`Idempotency-Key ${why}.`, [{ path: 'header.Idempotency-Key', message: why }]);
    }

    this.maybePrune();
    // The scope key is stored; the material (with the raw key) only ever derives the cipher key.
    const material = JSON.stringify([call.principal, call.method, call.path, call.key]);
    const scopeKey = idempotencyScopeKey(call.principal, call.method, call.path, call.key);
    const request = fingerprint(call.request);
    const ttlMs = this.options.ttlSeconds * 1000;
    const { claim, at: now } = await this.claim(scopeKey, request, clock.now(), ttlMs, options.waitForInFlightMs ?? 0);
    switch (claim.state) {
      case 'replay':
        return { value: JSON.parse(openResult(material, claim.result)) as T, replayed: true };
      case 'in_flight':
        throw new IdempotencyInFlightError();
      case 'mismatch':
        throw new IdempotencyKeyReusedError();
      case 'acquired':
        break;
    }

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
   * Claims the key, and when it answers; an in-flight original is waited for up to `waitMs`,
   * looking again every WAIT_POLL_MS (it may also fail, and leave the key to this request).
   */
  private async claim(scopeKey: string, request: string, now: number, ttlMs: number, waitMs: number): Promise<{ claim: IdempotencyClaim; at: number }> {
    const { store } = this.options;
    let at = now;
    let claim = await store.idempotency.claim(scopeKey, request, at, this.lockMs, ttlMs);
    for (let waited = 0; claim.state === 'in_flight' && waited < waitMs; waited += WAIT_POLL_MS) {
      await this.sleep(WAIT_POLL_MS);
      at = this.options.clock.now();
      claim = await store.idempotency.claim(scopeKey, request, at, this.lockMs, ttlMs);
    }
    return { claim, at };
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
