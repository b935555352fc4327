import { sql, type Kysely, type RawBuilder } from 'kysely';
import { IdempotencyClaimLostError, type Store } from '../ports/index.js';
import { prepared } from '../kysely/prepared.js';
import type { Database } from '../kysely/schema.js';

const INQUIRY_COLUMNS = ['id', 'name', 'email', 'company', 'message', 'project_slugs', 'budget', 'timeline', 'source', 'client_id', 'created_at', 'credential', 'identity_type', 'subject'] as const;
const OUTBOX_COLUMNS = ['id', 'event', 'resource', 'channel', 'target', 'payload', 'created_at'] as const;

type Completion = Readonly<{ scope_key: string; claimed_at: number; result: string; resource: string | null; expires_at: number }>;

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

/**
 * The inquiry and its notifications, inserted from JSON (json_populate_record types each field
 * as its column is typed) only when `done` — the key's completion, or the constant row of a
 * request without a key — returned a row.
 */
function inserts(inquiry: string, outbox: string): RawBuilder<unknown> {
  return sql`inquiry AS (
      INSERT INTO inquiries (${columns(INQUIRY_COLUMNS)})
      SELECT ${columns(INQUIRY_COLUMNS)} FROM json_populate_record(NULL::inquiries, ${inquiry}::json)
      WHERE EXISTS (SELECT FROM done)
    ), notification AS (
      INSERT INTO outbox (${columns(OUTBOX_COLUMNS)}, state, next_attempt_at)
      SELECT ${columns(OUTBOX_COLUMNS)}, 'pending', created_at FROM json_populate_recordset(NULL::outbox, ${outbox}::json)
      WHERE EXISTS (SELECT FROM done)
    )
    SELECT count(*)::int AS done FROM done`;
}

/** `sql` compiled against `db`, in the shape prepared() builds from. */
const compilable = (db: Kysely<Database>, query: RawBuilder<{ done: number }>) => ({ compile: () => query.compile(db) });

// The completion only while this request still holds the claim it took (as KyselyIdempotencyStore.complete).
const completing = prepared((db, c: Completion, inquiry: string, outbox: string) =>
  compilable(
    db,
    sql`WITH done AS (
      UPDATE idempotency_keys SET state = 'complete', result = ${c.result}, resource = ${c.resource}, expires_at = ${c.expires_at}
      WHERE scope_key = ${c.scope_key} AND state = 'in_flight' AND created_at = ${c.claimed_at}
      RETURNING 1
    ), ${inserts(inquiry, outbox)}`,
  ),
);

const keyless = prepared((db, inquiry: string, outbox: string) => compilable(db, sql`WITH done AS (SELECT 1), ${inserts(inquiry, outbox)}`));

/**
 * Store.acceptInquiry on PostgreSQL: one statement, so one round trip and one commit (its own
 * implicit transaction) instead of BEGIN, an INSERT per table, the completion and COMMIT — each
 * a round trip whose socket writes and protocol work cost both processes CPU (issue 17).
 * Data-modifying WITH queries run once each, on one snapshot, all or nothing; the inserts see
 * the completion only through its RETURNING rows (PostgreSQL manual, 7.8.4).
 */
export function acceptInquiry(db: Kysely<Database>): Store['acceptInquiry'] {
  return async (inquiry, notifications, completion) => {
    const row: Record<(typeof INQUIRY_COLUMNS)[number], string | null> = { ...inquiry, project_slugs: JSON.stringify(inquiry.project_slugs) };
    const items = JSON.stringify(notifications.map((n) => Object.fromEntries(OUTBOX_COLUMNS.map((column) => [column, n[column]]))));
    const result = completion
      ? await completing(db, 'postgres', { scope_key: completion.scopeKey, claimed_at: completion.claimedAtMs, result: completion.result, resource: completion.resource, expires_at: completion.expiresAtMs }, JSON.stringify(row), items)
      : await keyless(db, 'postgres', JSON.stringify(row), items);
    // Throwing is enough: the statement wrote nothing without the completion's row.
    if (result.rows[0]?.done !== 1) throw new IdempotencyClaimLostError();
  };
}
