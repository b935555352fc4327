import { sql, type Kysely, type Selectable } from 'kysely';
import { isBeingSent, type DeliveryTrouble, type NewOutboxItem, type OutboxChannel, type OutboxQuery, type OutboxRecord, type OutboxState, type OutboxStore, type RetryOutcome } from '../ports/index.js';
import type { Database, OutboxTable } from './schema.js';

function toRecord(row: Selectable<OutboxTable>): OutboxRecord {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    event: row.event,
    resource: row.resource,
    channel: row.channel as OutboxChannel,
    target: row.target,
    payload: row.payload,
    state: row.state as OutboxState,
    attempts: Number(row.attempts),
    next_attempt_at: Number(row.next_attempt_at),
    lease_until: n(row.lease_until),
    last_error: row.last_error,
    last_attempt_at: n(row.last_attempt_at),
    delivered_at: n(row.delivered_at),
    created_at: Number(row.created_at),
  };
}

export class KyselyOutboxStore implements OutboxStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async enqueue(items: readonly NewOutboxItem[]): Promise<void> {
    if (items.length === 0) return;
    await this.db
      .insertInto('outbox')
      .values(items.map((item) => ({ ...item, state: 'pending', next_attempt_at: item.created_at, lease_until: null, last_error: null, last_attempt_at: null, delivered_at: null })))
      .execute();
  }

  async claimDue(nowMs: number, leaseMs: number, limit: number): Promise<OutboxRecord[]> {
    // PostgreSQL: FOR UPDATE SKIP LOCKED lets every instance's worker take different rows without
    // waiting on each other. SQLite: one writer at a time, so the UPDATE is atomic as it stands.
    const rows = await this.db
      .updateTable('outbox')
      .set({ lease_until: nowMs + leaseMs, attempts: sql<number>`attempts + 1`, last_attempt_at: nowMs })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('state', '=', 'pending')
          .where('next_attempt_at', '<=', nowMs)
          .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', nowMs)]))
          .orderBy('next_attempt_at')
          .limit(limit)
          .$if(this.dialect === 'postgres', (qb) => qb.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
    return rows.map((row) => toRecord(row)).sort((a, b) => a.next_attempt_at - b.next_attempt_at);
  }

  async renewLeases(ids: readonly string[], heldUntilMs: number, untilMs: number): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await this.db
      .updateTable('outbox')
      .set({ lease_until: untilMs })
      .where('id', 'in', ids)
      .where('state', '=', 'pending')
      .where('lease_until', '=', heldUntilMs)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async delivered(id: string, nowMs: number): Promise<void> {
    await this.db.updateTable('outbox').set({ state: 'delivered', delivered_at: nowMs, lease_until: null, last_error: null }).where('id', '=', id).execute();
  }

  async failed(id: string, error: string, retryAtMs: number | null): Promise<void> {
    await this.db
      .updateTable('outbox')
      .set(retryAtMs === null ? { state: 'dead', last_error: error, lease_until: null } : { next_attempt_at: retryAtMs, last_error: error, lease_until: null })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .execute();
  }

  async get(id: string): Promise<OutboxRecord | undefined> {
    const row = await this.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async list(query: OutboxQuery): Promise<OutboxRecord[]> {
    const rows = await this.db
      .selectFrom('outbox')
      .selectAll()
      .$if(query.state !== undefined, (qb) => qb.where('state', '=', query.state!))
      .$if(query.resource !== undefined, (qb) => qb.where('resource', '=', query.resource!))
      .$if(query.after !== undefined, (qb) => {
        const { createdAt, id } = query.after!;
        return qb.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
      })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .execute();
    return rows.map((row) => toRecord(row));
  }

  async retry(id: string, nowMs: number): Promise<RetryOutcome> {
    // A row whose lease is live is being sent this moment: clearing the lease would let a worker
    // claim it again and send it twice at once.
    const result = await this.db
      .updateTable('outbox')
      .set({ state: 'pending', next_attempt_at: nowMs, lease_until: null })
      .where('id', '=', id)
      .where('state', '!=', 'delivered')
      .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', nowMs)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) return 'queued';
    const row = await this.get(id);
    return row !== undefined && isBeingSent(row, nowMs) ? 'sending' : 'absent';
  }

  async retryDead(nowMs: number): Promise<number> {
    const result = await this.db.updateTable('outbox').set({ state: 'pending', next_attempt_at: nowMs, lease_until: null }).where('state', '=', 'dead').executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async deleteForResource(resource: string): Promise<number> {
    const result = await this.db.deleteFrom('outbox').where('resource', '=', resource).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async trouble(deadSinceMs: number): Promise<DeliveryTrouble> {
    const troubled = this.db
      .selectFrom('outbox')
      .where((w) => w.or([w.and([w('state', '=', 'pending'), w('last_error', 'is not', null)]), w.and([w('state', '=', 'dead'), w('last_attempt_at', '>=', deadSinceMs)])]));
    const [count, newest] = await Promise.all([
      troubled.select((s) => s.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
      troubled.select('last_error').orderBy('last_attempt_at', 'desc').limit(1).executeTakeFirst(),
    ]);
    return { undelivered: Number(count.n), lastError: newest?.last_error ?? null };
  }

  async prune(beforeMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('outbox')
      .where('state', 'in', ['delivered', 'dead'])
      .where((w) => w(w.fn.coalesce('delivered_at', 'last_attempt_at', 'created_at'), '<', beforeMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
