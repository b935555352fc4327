import { sql, type Kysely } from 'kysely';
import {
  IdempotencyClaimLostError,
  type CounterStore,
  type IdempotencyClaim,
  type IdempotencyCompletion,
  type IdempotencyStore,
  type InquiryRecord,
  type InquiryStore,
  type StoredResponse,
} from '../ports/index.js';
import type { Database, InquiriesTable } from './schema.js';

function toInquiry(row: InquiriesTable): InquiryRecord {
  return { ...row, project_slugs: JSON.parse(row.project_slugs) as string[], source: row.source as InquiryRecord['source'] };
}

export class KyselyInquiryStore implements InquiryStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(inquiry: InquiryRecord | null, completion: IdempotencyCompletion | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (inquiry) {
        await trx
          .insertInto('inquiries')
          .values({ ...inquiry, project_slugs: JSON.stringify(inquiry.project_slugs) })
          .execute();
      }
      if (completion) {
        const result = await trx
          .updateTable('idempotency_keys')
          .set({
            state: 'complete',
            status: completion.response.status,
            headers: JSON.stringify(completion.response.headers),
            body: completion.response.body,
            expires_at: completion.expiresAtMs,
          })
          .where('scope_key', '=', completion.scopeKey)
          .where('state', '=', 'in_flight')
          .where('created_at', '=', completion.claimedAtMs)
          .executeTakeFirst();
        // Throwing rolls the inquiry back too: the request that took the claim over owns it now.
        if (Number(result.numUpdatedRows) !== 1) throw new IdempotencyClaimLostError();
      }
    });
  }

  async get(id: string): Promise<InquiryRecord | undefined> {
    const row = await this.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? toInquiry(row) : undefined;
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('inquiries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(limit: number): Promise<InquiryRecord[]> {
    const rows = await this.db.selectFrom('inquiries').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(toInquiry);
  }
}

export class KyselyIdempotencyStore implements IdempotencyStore {
  constructor(private readonly db: Kysely<Database>) {}

  async claim(scopeKey: string, fingerprint: string, nowMs: number, lockMs: number, ttlMs: number): Promise<IdempotencyClaim> {
    // One atomic statement decides the race: the insert wins, or a stale row (expired, or an
    // in-flight lock whose holder died) is taken over; any other existing row is left alone.
    const taken = await this.db
      .insertInto('idempotency_keys')
      .values({
        scope_key: scopeKey,
        fingerprint,
        state: 'in_flight',
        status: null,
        headers: null,
        body: null,
        locked_until: nowMs + lockMs,
        expires_at: nowMs + ttlMs,
        created_at: nowMs,
      })
      .onConflict((oc) =>
        oc
          .column('scope_key')
          .doUpdateSet({
            fingerprint,
            state: 'in_flight',
            status: null,
            headers: null,
            body: null,
            locked_until: nowMs + lockMs,
            expires_at: nowMs + ttlMs,
            created_at: nowMs,
          })
          .where((eb) =>
            eb.or([
              eb('idempotency_keys.expires_at', '<=', nowMs),
              eb.and([eb('idempotency_keys.state', '=', 'in_flight'), eb('idempotency_keys.locked_until', '<=', nowMs)]),
            ]),
          ),
      )
      .returning(sql<number>`1`.as('won'))
      .executeTakeFirst();
    if (taken) return { state: 'acquired' };

    const row = await this.db.selectFrom('idempotency_keys').selectAll().where('scope_key', '=', scopeKey).executeTakeFirst();
    if (!row) return this.claim(scopeKey, fingerprint, nowMs, lockMs, ttlMs);
    if (row.fingerprint !== fingerprint) return { state: 'mismatch' };
    if (row.state !== 'complete') return { state: 'in_flight' };
    return {
      state: 'replay',
      response: { status: Number(row.status), headers: JSON.parse(row.headers ?? '{}') as Record<string, string>, body: row.body ?? '' },
    };
  }

  async release(scopeKey: string, claimedAtMs: number): Promise<void> {
    await this.db.deleteFrom('idempotency_keys').where('scope_key', '=', scopeKey).where('state', '=', 'in_flight').where('created_at', '=', claimedAtMs).execute();
  }

  async prune(nowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('idempotency_keys').where('expires_at', '<=', nowMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export class KyselyCounterStore implements CounterStore {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowStartMs: number): Promise<number> {
    // A single upsert: atomic in both dialects, so every instance sharing the database counts once.
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ key, window_start: windowStartMs, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN rate_limit_counters.window_start = excluded.window_start THEN rate_limit_counters.count + 1 ELSE 1 END`,
          window_start: sql<number>`excluded.window_start`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async prune(beforeMs: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_counters').where('window_start', '<', beforeMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
