import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Store } from '../ports/index.js';
import { settledRow, settleQuery, type SettledRow } from '../kysely/idempotency.js';
import { prepared } from '../kysely/prepared.js';
import type { Database } from '../kysely/schema.js';

const INQUIRY_COLUMNS = ['id', 'name', 'email', 'company', 'message', 'project_slugs', 'budget', 'timeline', 'source', 'client_id', 'created_at', 'credential', 'identity_type', 'subject'] as const;
const OUTBOX_COLUMNS = ['id', 'event', 'resource', 'channel', 'target', 'payload', 'created_at'] as const;

const columns = (names: readonly string[]) => sql.join(names.map((name) => sql.ref(name)));

/**
 * The inquiry and its notifications, inserted from JSON (json_populate_record types each field
 * as its column is typed) only when `done` — the key's settled record, or the constant row of a
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

// The key's completed record, unless it holds a live one (KyselyIdempotencyStore.settle's statement).
const settling = prepared((db, key: Readonly<SettledRow>, inquiry: string, outbox: string) => compilable(db, sql`WITH done AS (${settleQuery(db, key)}), ${inserts(inquiry, outbox)}`));

const keyless = prepared((db, inquiry: string, outbox: string) => compilable(db, sql`WITH done AS (SELECT 1), ${inserts(inquiry, outbox)}`));

/**
 * Store.acceptInquiry on PostgreSQL: one statement, so one round trip and one commit (its own
 * implicit transaction) instead of a claim, BEGIN, an INSERT per table, the completion and
 * COMMIT — each a round trip whose socket writes and protocol work cost both processes CPU
 * (issue 17). Data-modifying WITH queries run once each, on one snapshot, all or nothing; the
 * inserts see the key's record only through its RETURNING row (PostgreSQL manual, 7.8.4). Of two
 * requests with one key, the second's INSERT … ON CONFLICT waits for the first's commit and then
 * finds its row: it writes nothing.
 */
export function acceptInquiry(db: Kysely<Database>): Store['acceptInquiry'] {
  return async (inquiry, notifications, record) => {
    const row: Record<(typeof INQUIRY_COLUMNS)[number], string | null> = { ...inquiry, project_slugs: JSON.stringify(inquiry.project_slugs) };
    const items = JSON.stringify(notifications.map((n) => Object.fromEntries(OUTBOX_COLUMNS.map((column) => [column, n[column]]))));
    const result = record ? await settling(db, 'postgres', settledRow(record), JSON.stringify(row), items) : await keyless(db, 'postgres', JSON.stringify(row), items);
    return result.rows[0]?.done === 1;
  };
}
