/**
 * The transactional outbox: one row per notification to deliver, written in the transaction
 * of the event it tells of, delivered (at least once) by the worker of any process.
 */
export type OutboxChannel = 'email' | 'webhook';
export type OutboxState = 'pending' | 'delivered' | 'dead';

export interface NewOutboxItem {
  /** `msg_…`: the Standard Webhooks `webhook-id`, the same on every attempt */
  id: string;
  /** e.g. `inquiry.created` */
  event: string;
  /** what the event is about (an inquiry id), so erasing it removes its notifications too */
  resource: string | null;
  channel: OutboxChannel;
  /** an email address or a webhook URL */
  target: string;
  /** the event's data as JSON */
  payload: string;
  created_at: number;
}

export interface OutboxRecord extends NewOutboxItem {
  state: OutboxState;
  attempts: number;
  next_attempt_at: number;
  /** a worker holds the row until then; a crashed worker's row is claimable again after it */
  lease_until: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  delivered_at: number | null;
}

/** Whether a worker is sending the row at `nowMs`: still pending, under a lease that has not run out. */
export function isBeingSent(record: OutboxRecord, nowMs: number): boolean {
  return record.state === 'pending' && record.lease_until !== null && record.lease_until > nowMs;
}

export interface OutboxQuery {
  state?: OutboxState | undefined;
  resource?: string | undefined;
  /** keyset paging (newest first): the (created_at, id) of the last row of the previous page */
  after?: { createdAt: number; id: string } | undefined;
  limit: number;
}

/** Notifications not getting through: the owner's pages warn of them (docs/design.md: owners hear of every inquiry). */
export interface DeliveryTrouble {
  /** pending rows whose last attempt failed, and rows given up on since the time asked about */
  undelivered: number;
  /** the newest of their errors */
  lastError: string | null;
}

/** What asking for a notification to be sent again did. */
export type RetryOutcome = 'queued' | 'sending' | 'absent';

export interface OutboxStore {
  enqueue(items: readonly NewOutboxItem[]): Promise<void>;
  /**
   * Leases up to `limit` pending rows that are due and not leased by a live worker, counting
   * the attempt. Safe with any number of workers: each row is leased by one.
   */
  claimDue(nowMs: number, leaseMs: number, limit: number): Promise<OutboxRecord[]>;
  /**
   * Extends to `untilMs` the leases of these rows that are still pending and still leased until
   * `heldUntilMs` (the lease their worker holds: a row claimed again since has another); returns how many.
   */
  renewLeases(ids: readonly string[], heldUntilMs: number, untilMs: number): Promise<number>;
  delivered(id: string, nowMs: number): Promise<void>;
  /** Records a failed attempt: try again at `retryAtMs`, or give up (`dead`) when it is null. */
  failed(id: string, error: string, retryAtMs: number | null): Promise<void>;
  get(id: string): Promise<OutboxRecord | undefined>;
  /** Newest first. */
  list(query: OutboxQuery): Promise<OutboxRecord[]>;
  /**
   * Makes a dead (or waiting) row due now again: `queued`; `sending` when a worker holds it right
   * now (left alone: it would go out twice); `absent` when there is no such undelivered row.
   */
  retry(id: string, nowMs: number): Promise<RetryOutcome>;
  /** Makes every dead row due now again (after the studio fixed what killed them); returns how many. */
  retryDead(nowMs: number): Promise<number>;
  deleteForResource(resource: string): Promise<number>;
  /** Rows still failing (pending after a failed attempt) and rows given up on at or after `deadSinceMs`. */
  trouble(deadSinceMs: number): Promise<DeliveryTrouble>;
  /** Deletes delivered and dead rows whose last attempt was before `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
}
