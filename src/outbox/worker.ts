import type { Logger } from 'pino';
import type { Clock, Random } from '../lib/clock.js';
import { LogThrottle } from '../lib/log-throttle.js';
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
  /** deliveries in flight at most */
  maxInFlight?: number;
  /** each attempt's outcome (the metrics) */
  onAttempt?: (channel: OutboxChannel, outcome: DeliveryOutcome) => void;
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'dead';

/** A lease outlives the delivery timeout by this much, so a live worker never loses its row. */
const LEASE_MARGIN_MS = 5_000;

/** Deliveries in flight at most: enough to drain a burst, few enough to keep each claim short. */
const MAX_IN_FLIGHT = 50;
/** How long a shutdown waits for deliveries in flight (the server's own budget is 10 s). */
export const STOP_WAIT_MS = 3000;

/**
 * The delivery worker every server process runs. It leases due outbox rows (each row to one
 * worker: SKIP LOCKED on PostgreSQL, the single writer on SQLite), delivers each through its
 * channel, marks it delivered, or schedules a retry with backoff, or gives up after about a day.
 * A worker that dies mid-delivery leaves its rows leased; another (or the restarted one) takes
 * them once the lease ends: delivery is at least once. A live worker renews the leases of the
 * deliveries it still holds (a mail can wait in the SMTP pool's queue behind a relay that takes
 * its time), so nobody takes a row from a worker that is still sending it.
 *
 * Deliveries do not go in rounds: while fewer than MAX_IN_FLIGHT are in flight the worker claims
 * more, and one that ends makes room. A round waited for its slowest delivery, so a mail relay
 * taking its time (or its full timeout) held back the next inquiry's webhook with it.
 */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private claiming: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** the deliveries in flight: each row's id and the lease it holds, as last written */
  private readonly inFlight = new Map<Promise<void>, { id: string; leaseUntil: number }>();

  /** One line per minute while the database is away, not one per poll. */
  private readonly claimFailures: LogThrottle;

  constructor(private readonly options: WorkerOptions) {
    this.claimFailures = new LogThrottle(60_000, () => options.clock.now());
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.kick();
  }

  /** Look for due rows now (after an inquiry was committed, say) rather than at the next poll. */
  kick(): void {
    if (this.stopped) return;
    if (this.claiming) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.claiming = this.claim().finally(() => {
      this.claiming = null;
      if (this.stopped) return;
      if (this.again) {
        this.again = false;
        this.kick();
        return;
      }
      // While deliveries are in flight the worker looks often enough to renew their leases in time.
      const poll = this.inFlight.size > 0 ? Math.min(this.options.pollMs, this.leaseMs / 4) : this.options.pollMs;
      this.timer = setTimeout(() => this.kick(), poll);
      this.timer.unref();
    });
  }

  /**
   * Stops claiming and waits for the deliveries in flight, at most `waitMs`: a mail server or
   * receiver that hangs must not hold a shutdown for OUTBOX_TIMEOUT_MS (as long as the shutdown's
   * whole budget, or longer). What is still out is left leased, and sent again with the same id
   * when the lease ends, by this instance after its restart or by another (at least once).
   */
  async stop(waitMs = STOP_WAIT_MS): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.claiming;
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([Promise.all(this.inFlight.keys()).then(() => true), new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false)))]);
    clearTimeout(timer);
    if (!waited) this.options.logger.warn({ inFlight: this.inFlight.size }, 'outbox: deliveries still in flight at shutdown are left to be sent again, with the same ids, when their leases end');
  }

  private get limit(): number {
    return this.options.maxInFlight ?? MAX_IN_FLIGHT;
  }

  private get leaseMs(): number {
    return this.options.timeoutMs + LEASE_MARGIN_MS;
  }

  /** Claims due rows while there is room, starting each delivery at once; stops when fewer come back than asked for. */
  private async claim(): Promise<void> {
    const { store, clock } = this.options;
    try {
      await this.renew();
      while (!this.stopped) {
        const room = this.limit - this.inFlight.size;
        if (room <= 0) return; // a delivery that ends makes room and looks again
        const due = await store.outbox.claimDue(clock.now(), this.leaseMs, room);
        for (const item of due) this.begin(item);
        if (due.length < room) return;
      }
    } catch (error) {
      // The database is unreachable: try again at the next poll.
      this.claimFailures.run((suppressedSinceLastLog) => this.options.logger.warn({ err: (error as Error).message, suppressedSinceLastLog }, 'outbox: could not look for due deliveries'));
    }
  }

  /** Extends the leases of deliveries in flight that have used half of theirs (none, in a burst that flows). */
  private async renew(): Promise<void> {
    const now = this.options.clock.now();
    const byLease = new Map<number, { id: string; leaseUntil: number }[]>();
    for (const lease of this.inFlight.values()) {
      if (lease.leaseUntil - now >= this.leaseMs / 2) continue;
      const group = byLease.get(lease.leaseUntil);
      if (group) group.push(lease);
      else byLease.set(lease.leaseUntil, [lease]);
    }
    const until = now + this.leaseMs;
    for (const [held, group] of byLease) {
      await this.options.store.outbox.renewLeases(group.map((lease) => lease.id), held, until);
      for (const lease of group) lease.leaseUntil = until;
    }
  }

  private begin(item: OutboxRecord): void {
    const delivery: Promise<void> = this.deliver(item).finally(() => {
      this.inFlight.delete(delivery);
      // Claim again once half the room is free: one claim per few deliveries in a burst, not one each.
      if (this.inFlight.size <= this.limit / 2) this.kick();
    });
    this.inFlight.set(delivery, { id: item.id, leaseUntil: item.lease_until ?? 0 });
  }

  private async deliver(item: OutboxRecord): Promise<void> {
    const { store, clock, random, logger } = this.options;
    const channel = this.options.channels[item.channel];
    // What an operator needs to follow one inquiry's notifications: its id, and a webhook's host
    // (never its path, which may hold a secret; never an owner's address).
    const about = { id: item.id, channel: item.channel, inquiry: item.resource, ...(item.channel === 'webhook' ? { host: hostOf(item.target) } : {}), attempts: item.attempts };
    try {
      if (!channel) throw new DeliveryError(`the ${item.channel} channel is not configured on this server`);
      await channel.deliver(item);
    } catch (error) {
      const permanent = error instanceof DeliveryError && error.permanent;
      const reason = error instanceof Error ? error.message : String(error);
      const retryAt = permanent ? null : nextAttemptAt(item.attempts, item.created_at, clock.now(), random);
      logger.warn({ event: retryAt === null ? 'delivery_dead' : 'delivery_failed', ...about, reason }, 'outbox delivery failed');
      this.options.onAttempt?.(item.channel, retryAt === null ? 'dead' : 'retrying');
      await store.outbox.failed(item.id, reason.slice(0, 1000), retryAt).catch((e: unknown) => logger.warn({ err: (e as Error).message, id: item.id }, 'outbox: could not record a failed attempt'));
      return;
    }
    // Delivered: the receiver has it, whatever the database says next.
    this.options.onAttempt?.(item.channel, 'delivered');
    try {
      await store.outbox.delivered(item.id, clock.now());
    } catch (error) {
      logger.warn({ event: 'delivery_unrecorded', ...about, err: (error as Error).message }, 'outbox delivery succeeded but could not be recorded: it is sent again, with the same id, when its lease ends');
      return;
    }
    logger.info({ event: 'delivery_succeeded', ...about }, 'outbox delivery succeeded');
  }
}

/** A webhook URL's host, for the log. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(not a URL)';
  }
}
