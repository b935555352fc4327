import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { nextTurn } from '../../lib/next-turn.js';
import type { Stores } from '../ports/index.js';
import type { Database } from '../kysely/schema.js';
import type { MemberOptions } from '../kysely/store.js';

interface Member {
  work: (tx: Stores) => Promise<unknown>;
  /** wait for the fsync before settling (an inquiry); a claim is a lock, not an answer */
  durable: boolean;
  /** one statement, which SQLite undoes by itself if it fails: no savepoint around it */
  single: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Outcome {
  member: Member;
  ok: boolean;
  value: unknown;
}

/** Told when the fdatasync that makes it durable has returned (or failed). */
interface Waiter {
  done: () => void;
  fail: (error: unknown) => void;
}

/** Enough to amortise the fsync, few enough that one group never holds the writer long. */
const MAX_GROUP = 64;
/** Groups between two checkpoints: ~50 ms of writes at full load, a few hundred WAL pages. */
const CHECKPOINT_EVERY_GROUPS = 64;

/**
 * A member's savepoint, compiled once: Kysely's `trx.savepoint()` built a transaction object (a
 * Kysely instance) and compiled three statements per member, and each member got the stores built
 * anew over it — ~8% of a token's CPU. The SQL is the same; the group's stores are built once.
 */
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT member');
const ROLLBACK_TO_SAVEPOINT = CompiledQuery.raw('ROLLBACK TO SAVEPOINT member');
const RELEASE_SAVEPOINT = CompiledQuery.raw('RELEASE SAVEPOINT member');
const SYNCHRONOUS_NORMAL = CompiledQuery.raw('PRAGMA synchronous = NORMAL');
const SYNCHRONOUS_FULL = CompiledQuery.raw('PRAGMA synchronous = FULL');
/**
 * A member's SAVEPOINT keeps a copy of every page the member changes (~10–15 pages of 4 KiB for
 * an inquiry: the tables' and indexes' pages on its way). SQLite holds that sub-journal in memory
 * up to 64 KiB, then spills it into a temporary file for the rest of the transaction: most
 * groups created one in /var/tmp and wrote each copy with a pwrite (an inquiry's two INSERTs:
 * ~43 → ~19 µs in a scratch loop of groups of 32). With temp storage in memory for the group, the
 * sub-journal never spills (SQLite's pager: subjInMemory). Only for the group: with it, SQLite's
 * sorter would also keep a large ORDER BY of other statements in memory instead of spilling it.
 */
const TEMP_STORE_MEMORY = CompiledQuery.raw('PRAGMA temp_store = MEMORY');
const TEMP_STORE_DEFAULT = CompiledQuery.raw('PRAGMA temp_store = DEFAULT');

/**
 * Group commit for SQLite's single write connection (issue 17). The connection runs with
 * `synchronous=FULL`, where every COMMIT blocks the event loop on an fsync of the WAL: on the
 * shared 2-core VM that fsync took 0.06–3 ms, and inquiries fell from 1,067/s to 364/s.
 *
 * Transactions that arrive while a group is written form the next group: one BEGIN, a SAVEPOINT
 * per member (a member that throws rolls back only its own writes), one COMMIT. That COMMIT runs
 * with synchronous=NORMAL (it writes the WAL without waiting for the disk) and the WAL is then
 * fdatasync'ed off the main thread (libuv's pool), which is what FULL does, minus the blocking:
 * no durable member's promise settles before an fdatasync that started after its COMMIT has
 * returned, so no answer is sent for an inquiry that is not on disk. Members that arrive during
 * that fdatasync are written as the next group once it returns (or at once, if one of them is
 * answered at its COMMIT). Members run one after the other, as the connection serialised them.
 */
export class GroupCommit {
  private readonly queue: Member[] = [];
  private readonly unsynced: Waiter[] = [];
  private running = false;
  private syncing = false;
  /** wakes a drain that waits for the fdatasync in flight (see drain) */
  private wake: (() => void) | null = null;
  private groupsSinceCheckpoint = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly storesOver: (trx: Transaction<Database>) => Stores,
    /** makes every commit written so far durable: the WAL's fdatasync */
    private readonly sync: () => Promise<void>,
    /** copies the WAL into the database file off the event loop (checkpointer.ts); none: SQLite's own */
    private readonly checkpoint?: () => Promise<unknown>,
    private readonly checkpointEveryGroups = CHECKPOINT_EVERY_GROUPS,
  ) {}

  run<T>(work: (tx: Stores) => Promise<T>, options: MemberOptions = {}): Promise<T> {
    const { durable = true, single = false } = options;
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, durable, single, resolve: resolve as (value: unknown) => void, reject });
      if (!this.running) void this.drain();
      else if (!durable) this.wakeDrain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        // better-sqlite3 blocks the thread: let pending I/O run first, so requests that arrived
        // meanwhile reach the queue and share the next COMMIT.
        await nextTurn();
        // A durable member is answered after an fdatasync that starts after its COMMIT. While one
        // is in flight, none can start, so committing now would only split the members that
        // arrive meanwhile over several smaller groups, each paying a COMMIT of the pages every
        // member touches (the tables' and indexes' last pages) and its own statements' first
        // writes. They wait for it and share one COMMIT instead (5–6 members a group at ~2,800
        // inquiries/s before, the size of a sync's batch after). A member answered at its COMMIT
        // (a claim, a token) wakes the drain at once.
        if (this.syncing && this.queue.every((member) => member.durable)) await new Promise<void>((wake) => (this.wake = wake));
        if (this.checkpoint && this.groupsSinceCheckpoint >= this.checkpointEveryGroups) {
          // Between two groups nothing appends to the WAL, so this checkpoint copies every frame
          // and the next commit starts the WAL over; requests queue meanwhile, the loop serves.
          this.groupsSinceCheckpoint = 0;
          await this.checkpoint();
        }
        const outcomes = await this.commit(this.queue.splice(0, MAX_GROUP));
        this.groupsSinceCheckpoint += 1;
        for (const o of outcomes) {
          if (o.ok && o.member.durable) this.unsynced.push({ done: () => settle(o), fail: (error) => o.member.reject(error) });
          else settle(o);
        }
        this.startSync();
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * Resolves once everything committed so far is on disk: a reader about to hand out what a
   * durable member wrote (an idempotent replay) waits for it, as that member's own answer does.
   */
  synced(): Promise<void> {
    return new Promise((done, fail) => {
      this.unsynced.push({ done, fail });
      this.startSync();
    });
  }

  private startSync(): void {
    if (this.unsynced.length > 0 && !this.syncing) void this.syncLoop();
  }

  private async syncLoop(): Promise<void> {
    this.syncing = true;
    try {
      while (this.unsynced.length > 0) {
        const batch = this.unsynced.splice(0);
        try {
          await this.sync();
          for (const w of batch) w.done();
        } catch (error) {
          // Committed, but not known to be on disk: the sender retries with its Idempotency-Key.
          for (const w of batch) w.fail(error);
        }
      }
    } finally {
      this.syncing = false;
      this.wakeDrain();
    }
  }

  private wakeDrain(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /** A single-statement member's outcome: its error if SQLite undid its statement alone. */
  private async single(member: Member, stores: Stores): Promise<Outcome> {
    try {
      return { member, ok: true, value: await member.work(stores) };
    } catch (error) {
      if (!undoneAlone(error)) throw error;
      return { member, ok: false, value: error };
    }
  }

  /** Writes one group in one transaction; every member's outcome, or all failed. */
  private async commit(group: Member[]): Promise<Outcome[]> {
    try {
      return await this.db.connection().execute(async (conn) => {
        // Each setting is restored if it was changed, whatever fails after it; durability first.
        await conn.executeQuery(TEMP_STORE_MEMORY);
        try {
          await conn.executeQuery(SYNCHRONOUS_NORMAL);
          try {
            return await this.transaction(conn, group);
          } finally {
            await conn.executeQuery(SYNCHRONOUS_FULL);
          }
        } finally {
          await conn.executeQuery(TEMP_STORE_DEFAULT);
        }
      });
    } catch (error) {
      return group.map((member) => ({ member, ok: false, value: error }));
    }
  }

  private async transaction(conn: Kysely<Database>, group: Member[]): Promise<Outcome[]> {
    const trx = await conn.startTransaction().execute();
    const outcomes: Outcome[] = [];
    const stores = this.storesOver(trx);
    try {
      if (group.length === 1) {
        const member = group[0]!;
        outcomes.push({ member, ok: true, value: await member.work(stores) });
      } else {
        for (const member of group) {
          if (member.single) {
            outcomes.push(await this.single(member, stores));
            continue;
          }
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ member, ok: true, value: await member.work(stores) });
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO_SAVEPOINT);
            outcomes.push({ member, ok: false, value: error });
          }
          await trx.executeQuery(RELEASE_SAVEPOINT);
        }
      }
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      // The only member failed, or the database did: nothing of this group is written.
      await trx.rollback().execute().catch(() => undefined);
      throw error;
    }
  }
}

function settle(o: Outcome): void {
  if (o.ok) o.member.resolve(o.value);
  else o.member.reject(o.value);
}

/**
 * Any other failure (I/O, a full disk, a busy or out-of-memory connection) may have rolled the
 * whole transaction back (SQLite, "Response To Errors Within A Transaction"), so it fails the group.
 */
function undoneAlone(error: unknown): boolean {
  return String((error as { code?: unknown } | null)?.code).startsWith('SQLITE_CONSTRAINT');
}
