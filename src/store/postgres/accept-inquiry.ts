import { sql, type Kysely } from 'kysely';
import { ServiceUnavailableError } from '../../lib/errors.js';
import type { IdempotencyRecord, InquiryRecord, NewOutboxItem, Provenance, Store } from '../ports/index.js';
import { staleAt } from '../kysely/idempotency.js';
import { prepared } from '../kysely/prepared.js';
import type { Database } from '../kysely/schema.js';

const INQUIRY_COLUMNS = ['id', 'name', 'email', 'company', 'message', 'project_slugs', 'budget', 'timeline', 'source', 'client_id', 'created_at', 'credential', 'identity_type', 'subject'] as const;
const OUTBOX_COLUMNS = ['id', 'event', 'resource', 'channel', 'target', 'payload', 'created_at'] as const;

/** Enough to amortise a commit over a burst; few enough that one statement stays short. */
const MAX_BATCH = 64;
/** Statements in flight at once: while they run, arriving inquiries form the next batch. */
const MAX_IN_FLIGHT = 2;

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

/**
 * A batch of inquiries as one statement: each key's completed record (inserted, or taking a stale
 * row over), then the inquiries — and their notifications — whose key was written or who came
 * without one; returns the ids of those. json_to_recordset and json_populate_recordset type each
 * field as its column is typed. Data-modifying WITH queries run once each, on one snapshot, all
 * or nothing; the inserts see the records only through RETURNING (PostgreSQL manual, 7.8.4). A
 * key whose record another transaction is writing makes this INSERT … ON CONFLICT wait for that
 * commit, then find the row: its inquiry is not written. Keys are inserted in order, so two
 * batches that share keys (a client's retries) wait for each other without a deadlock.
 */
const acceptBatch = prepared((db, keys: string, inquiries: string, outbox: string) => ({
  compile: () =>
    sql<{ id: string }>`WITH input AS (
      SELECT * FROM json_to_recordset(${keys}::json) AS k(id text, scope_key text, fingerprint text, result text, resource text, expires_at bigint, created_at bigint)
    ), done AS (
      INSERT INTO idempotency_keys (scope_key, fingerprint, state, result, resource, locked_until, expires_at, created_at)
      SELECT scope_key, fingerprint, 'complete', result, resource, created_at, expires_at, created_at FROM input WHERE scope_key IS NOT NULL ORDER BY scope_key
      ON CONFLICT (scope_key) DO UPDATE SET fingerprint = excluded.fingerprint, state = excluded.state, status = NULL, headers = NULL, body = NULL,
        result = excluded.result, resource = excluded.resource, locked_until = excluded.locked_until, expires_at = excluded.expires_at, created_at = excluded.created_at
      WHERE ${staleAt(sql.ref('excluded.created_at'))}
      RETURNING scope_key
    ), accepted AS (
      SELECT id FROM input WHERE scope_key IS NULL OR scope_key IN (SELECT scope_key FROM done)
    ), inquiry AS (
      INSERT INTO inquiries (${columns(INQUIRY_COLUMNS)})
      SELECT ${columns(INQUIRY_COLUMNS)} FROM json_populate_recordset(NULL::inquiries, ${inquiries}::json) WHERE id IN (SELECT id FROM accepted)
    ), notification AS (
      INSERT INTO outbox (${columns(OUTBOX_COLUMNS)}, state, next_attempt_at)
      SELECT ${columns(OUTBOX_COLUMNS)}, 'pending', created_at FROM json_populate_recordset(NULL::outbox, ${outbox}::json) WHERE resource IN (SELECT id FROM accepted)
    )
    SELECT id FROM accepted`.compile(db),
}));

interface Pending {
  inquiry: InquiryRecord & Provenance;
  notifications: readonly NewOutboxItem[];
  record: IdempotencyRecord | null;
  resolve: (accepted: boolean) => void;
  reject: (error: unknown) => void;
}

/** Up to MAX_BATCH of `queue`, in order, one per key (a key twice in one statement is an error); the rest stay queued. */
function takeBatch(queue: Pending[]): Pending[] {
  const batch: Pending[] = [];
  const keys = new Set<string>();
  for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
    const key = queue[i]!.record?.scopeKey;
    if (key !== undefined && keys.has(key)) {
      i++;
      continue;
    }
    if (key !== undefined) keys.add(key);
    batch.push(...queue.splice(i, 1));
  }
  return batch;
}

async function write(db: Kysely<Database>, batch: readonly Pending[]): Promise<Set<string>> {
  const keys = batch.map(({ inquiry, record: r }) => ({ id: inquiry.id, scope_key: r?.scopeKey ?? null, fingerprint: r?.fingerprint, result: r?.result, resource: r?.resource, expires_at: r?.expiresAtMs, created_at: r?.createdAtMs }));
  const inquiries = batch.map(({ inquiry }) => ({ ...inquiry, project_slugs: JSON.stringify(inquiry.project_slugs) }));
  const outbox = batch.flatMap(({ notifications }) => notifications.map((n) => Object.fromEntries(OUTBOX_COLUMNS.map((column) => [column, n[column]]))));
  const { rows } = await acceptBatch(db, 'postgres', JSON.stringify(keys), JSON.stringify(inquiries), JSON.stringify(outbox));
  return new Set(rows.map((row) => row.id));
}

/**
 * Store.acceptInquiry on PostgreSQL: inquiries arriving together are written by one statement, so
 * one round trip and one durable commit serve a batch (issue 17: each inquiry's own statement
 * and commit — the socket write that wakes the backend, its WAL flush — were most of both
 * processes' CPU). Like SQLite's group commit (sqlite/group-commit.ts): while MAX_IN_FLIGHT
 * statements run, arriving inquiries queue and form the next batch, so a lone inquiry waits for
 * nothing; each answer waits for its batch's commit. A batch that fails is written again one
 * inquiry at a time, so one inquiry's error (a refused row) is its own; the database away fails
 * the batch and the queue at once (a 503 each).
 */
export function acceptInquiry(db: Kysely<Database>): Store['acceptInquiry'] {
  const queue: Pending[] = [];
  let inFlight = 0;
  const run = async (batch: Pending[]) => {
    try {
      const accepted = await write(db, batch);
      for (const p of batch) p.resolve(accepted.has(p.inquiry.id));
    } catch (error) {
      // The database away fails every member alike, and every inquiry queued for it: one batch
      // after another, each waiting out the connect timeout, would answer the last ones late.
      if (error instanceof ServiceUnavailableError) for (const p of [...batch, ...queue.splice(0)]) p.reject(error);
      // Any other error may be one member's.
      else if (batch.length > 1) await Promise.all(batch.map((p) => run([p])));
      else batch[0]!.reject(error);
    }
  };
  const pump = () => {
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      inFlight += 1;
      void run(takeBatch(queue)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  };
  return (inquiry, notifications, record) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ inquiry, notifications, record, resolve, reject });
      pump();
    });
}
