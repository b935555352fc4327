import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import type { OutboxChannel, OutboxRecord, Store } from '../store/ports/index.js';
import { nextAttemptAt } from './backoff.js';
import { DeliveryError, type Channel } from './channels/channel.js';

export interface WorkerOptions {
  store: Store;
  channels: Partial<Record<OutboxChannel, Channel>>;
  clock: Clock;
  random: Random;
  logger: Logger;
  /** how often to look for due rows when nobody kicks the worker */
  pollMs: number;
  /** how long one delivery may take; a row is leased for this plus a margin */
  timeoutMs: number;
  /** rows taken per look */
  batchSize?: number;
}

/** A lease outlives the delivery timeout by this much, so a live worker never loses its row. */
const LEASE_MARGIN_MS = 5_000;

/** Rows leased per round: enough to drain a burst quickly, few enough to keep each write short. */
const BATCH = 50;

/**
 * The delivery worker every server process runs. It leases due outbox rows (each row to one
 * worker: SKIP LOCKED on PostgreSQL, the single writer on SQLite), delivers them in parallel
 * through their channel, marks each delivered, or schedules a retry with backoff, or gives up
 * after about a day. A worker that dies mid-delivery leaves its rows leased; another (or the
 * restarted one) takes them once the lease ends: delivery is at least once.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly options: WorkerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Look for due rows now (after an inquiry was committed, say) rather than at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.loop().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      this.timer = setTimeout(() => this.kick(), this.options.pollMs);
      this.timer.unref();
    });
  }

  /** Stops polling and waits for the deliveries in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Delivers every row that is due now; returns how many were attempted. */
  async runOnce(): Promise<number> {
    const { store, clock, timeoutMs } = this.options;
    const due = await store.outbox.claimDue(clock.now(), timeoutMs + LEASE_MARGIN_MS, this.options.batchSize ?? BATCH);
    await Promise.all(due.map((item) => this.deliver(item)));
    return due.length;
  }

  private async loop(): Promise<void> {
    try {
      // Keep going while full batches come back: a backlog drains without waiting for polls.
      while (!this.stopped && (await this.runOnce()) >= (this.options.batchSize ?? BATCH));
    } catch (error) {
      // The database is unreachable: try again at the next poll.
      this.options.logger.warn({ err: (error as Error).message }, 'outbox: could not look for due deliveries');
    }
  }

  private async deliver(item: OutboxRecord): Promise<void> {
    const { store, clock, random, logger } = this.options;
    const channel = this.options.channels[item.channel];
    try {
      if (!channel) throw new DeliveryError(`the ${item.channel} channel is not configured on this server`);
      await channel.deliver(item);
      await store.outbox.delivered(item.id, clock.now());
      logger.info({ event: 'delivery_succeeded', id: item.id, channel: item.channel, attempts: item.attempts }, 'outbox delivery succeeded');
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = permanent ? null : nextAttemptAt(item.attempts, item.created_at, clock.now(), random);
      logger.warn({ event: retryAt === null ? 'delivery_dead' : 'delivery_failed', id: item.id, channel: item.channel, attempts: item.attempts, reason }, 'outbox delivery failed');
      await store.outbox.failed(item.id, reason.slice(0, 1000), retryAt).catch((e: unknown) => logger.warn({ err: (e as Error).message, id: item.id }, 'outbox: could not record a failed attempt'));
    }
  }
}
