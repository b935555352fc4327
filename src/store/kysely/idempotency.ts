import { sql, type Expression, type Kysely } from 'kysely';
import { IdempotencyClaimLostError, type IdempotencyClaim, type IdempotencyCompletion, type IdempotencyFinding, type IdempotencyRecord, type IdempotencyStore } from '../ports/index.js';
import { prepared, type DialectName } from './prepared.js';
import type { Database, IdempotencyKeysTable } from './schema.js';

type Fresh = { fingerprint: string; locked_until: number; expires_at: number; created_at: number };

/**
 * A record another request may take over at `now`: expired, or an in-flight claim whose holder
 * died. The claim, settle and look decide by it, as does PostgreSQL's batch of inquiries
 * (postgres/accept-inquiry.ts).
 */
export const staleAt = (now: Expression<number> | number) =>
  sql<boolean>`(idempotency_keys.expires_at <= ${now} OR (idempotency_keys.state = 'in_flight' AND idempotency_keys.locked_until <= ${now}))`;

// One atomic statement decides the race: the insert wins, or a stale row is taken over; any
// other existing row is left alone.
const claimKey = prepared((db, scopeKey: string, f: Readonly<Fresh>, nowMs: number) => {
  const fresh = { fingerprint: f.fingerprint, state: 'in_flight', status: null, headers: null, body: null, result: null, resource: null, locked_until: f.locked_until, expires_at: f.expires_at, created_at: f.created_at };
  return db
    .insertInto('idempotency_keys')
    .values({ scope_key: scopeKey, ...fresh })
    .onConflict((oc) => oc.column('scope_key').doUpdateSet(fresh).where(staleAt(nowMs)))
    .returning(sql<number>`1`.as('won'));
});

type SettledRow = { scope_key: string; fingerprint: string; result: string; resource: string | null; expires_at: number; created_at: number };

// The completed record, inserted or taking a stale row over (claimKey's race); a row when written.
const settleKey = prepared((db, r: Readonly<SettledRow>) => {
  const complete = { fingerprint: r.fingerprint, state: 'complete', status: null, headers: null, body: null, result: r.result, resource: r.resource, locked_until: r.created_at, expires_at: r.expires_at, created_at: r.created_at };
  return db
    .insertInto('idempotency_keys')
    .values({ scope_key: r.scope_key, ...complete })
    .onConflict((oc) => oc.column('scope_key').doUpdateSet(complete).where(staleAt(r.created_at)))
    .returning(sql<number>`1`.as('won'));
});

// The record, and whether it is stale at `nowMs` by the same rule as the upserts (SQLite answers 0/1).
const lookUp = prepared((db, scopeKey: string, nowMs: number) => db.selectFrom('idempotency_keys').select(['fingerprint', 'state', 'result', 'body', staleAt(nowMs).as('stale')]).where('scope_key', '=', scopeKey));

const completeKey = prepared((db, scopeKey: string, claimedAtMs: number, result: string, resource: string | null, expiresAtMs: number) =>
  db.updateTable('idempotency_keys').set({ state: 'complete', result, resource, expires_at: expiresAtMs }).where('scope_key', '=', scopeKey).where('state', '=', 'in_flight').where('created_at', '=', claimedAtMs),
);

export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async claim(scopeKey: string, fingerprint: string, nowMs: number, lockMs: number, ttlMs: number): Promise<IdempotencyClaim> {
    const fresh: Fresh = { fingerprint, locked_until: nowMs + lockMs, expires_at: nowMs + ttlMs, created_at: nowMs };
    const taken = (await claimKey(this.db, this.dialect, scopeKey, fresh, nowMs)).rows[0];
    if (taken) return { state: 'acquired' };
    const found = await this.look(scopeKey, fingerprint, nowMs);
    // Gone (released or pruned) since the insert lost: claim it again.
    return found.state === 'absent' ? this.claim(scopeKey, fingerprint, nowMs, lockMs, ttlMs) : found;
  }

  async settle(r: IdempotencyRecord): Promise<boolean> {
    return (await settleKey(this.db, this.dialect, { scope_key: r.scopeKey, fingerprint: r.fingerprint, result: r.result, resource: r.resource, expires_at: r.expiresAtMs, created_at: r.createdAtMs })).rows.length > 0;
  }

  async look(scopeKey: string, fingerprint: string, nowMs: number): Promise<IdempotencyFinding> {
    const row = (await lookUp(this.db, this.dialect, scopeKey, nowMs)).rows[0];
    if (!row || row.stale) return { state: 'absent' };
    if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
    if (row.state !== 'complete') return { state: 'in_flight' };
    return { state: 'replay', result: storedResult(row) };
  }

  async complete(completion: IdempotencyCompletion): Promise<void> {
    const result = await completeKey(this.db, this.dialect, completion.scopeKey, completion.claimedAtMs, completion.result, completion.resource, completion.expiresAtMs);
    // Throwing rolls the caller's transaction back: the request that took the claim over owns it now.
    if (Number(result.numAffectedRows ?? 0n) !== 1) throw new IdempotencyClaimLostError();
  }

  async release(scopeKey: string, claimedAtMs: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('scope_key', '=', scopeKey).where('state', '=', 'in_flight').where('created_at', '=', claimedAtMs).execute();
  }

  async deleteForResource(resource: string): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('resource', '=', resource).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async prune(nowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

/**
 * A record completed before migration 005 kept the HTTP answer (status, headers, body) instead
 * of the operation's result; its body is the inquiry receipt as JSON, which the idempotency
 * layer reads as a plaintext result. Such rows expire within IDEMPOTENCY_TTL_SECONDS.
 */
function storedResult(row: Pick<IdempotencyKeysTable, 'result' | 'body'>): string {
  return row.result ?? row.body ?? 'null';
}
