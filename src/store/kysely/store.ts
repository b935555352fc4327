import { Migrator, sql, type Kysely, type Transaction } from 'kysely';
import { StoreUnavailableError } from '../../lib/errors.js';
import type { CredentialStore, IdempotencyStore, OutboxStore, Store, Stores } from '../ports/index.js';
import { KyselyAssertionReplayStore, KyselyClientStore, KyselyCredentialStore, KyselySecretStore } from './auth.js';
import { KyselyCounterStore } from './counters.js';
import { KyselyAuthorizationCodeStore, KyselyRefreshTokenStore } from './grants.js';
import { KyselyIdempotencyStore } from './idempotency.js';
import { KyselyInquiryStore } from './inquiries.js';
import { KyselyOutboxStore } from './outbox.js';
import { KyselyOwnerTokenStore } from './owner-tokens.js';
import { KyselyOwnerStore } from './owners.js';
import { KyselySessionStore } from './sessions.js';
import { KyselyLoginLinkStore, KyselySignInCodeStore } from './sign-in.js';
import { SqlMigrationProvider, type SqlMigrations } from './migrations.js';
import { KyselyProjectStore } from './projects.js';
import { KyselyStudioStore } from './studio.js';
import { KyselyMediaStore } from './media.js';
import type { Database } from './schema.js';
import type { SearchDialect } from './search-dialect.js';
import { InMemorySearch } from './search-index.js';
import type { DirectReads } from './direct-reads.js';

/**
 * A claim, or a settled record, is a commit of its own: it joins the commit groups too. A replay
 * hands out what another request committed: not before that commit is on disk.
 */
function groupedClaims(store: IdempotencyStore, group: GroupCommitLike): IdempotencyStore {
  const synced = async <T extends { state: string }>(found: T): Promise<T> => {
    if (found.state === 'replay') await group.synced();
    return found;
  };
  return {
    claim: async (...args) => synced(await group.run((tx) => tx.idempotency.claim(...args), { durable: false })),
    settle: (record) => group.run((tx) => tx.idempotency.settle(record)),
    look: async (...args) => synced(await store.look(...args)),
    complete: (completion) => store.complete(completion),
    release: (scopeKey, claimedAtMs) => store.release(scopeKey, claimedAtMs),
    deleteForResource: (resource) => store.deleteForResource(resource),
    prune: (nowMs) => store.prune(nowMs),
  };
}

/**
 * Issuing a token is one INSERT: alone it would be a FULL commit, an fsync on the event loop per
 * token (616 µs CPU per token instead of ~300 on the shared VM). In the groups it commits with the
 * others and does not wait for the fsync: a token lost to a power cut only makes its client ask
 * again, unlike an acknowledged inquiry.
 */
function groupedCredentials(store: CredentialStore, group: GroupCommitLike): CredentialStore {
  return {
    insert: (credential) => group.run((tx) => tx.credentials.insert(credential), { durable: false, single: true }),
    findByHash: (hash) => store.findByHash(hash),
    revoke: (hash, nowMs) => store.revoke(hash, nowMs),
    revokeGrant: (grantId, nowMs) => store.revokeGrant(grantId, nowMs),
    prune: (nowMs) => store.prune(nowMs),
  };
}

/**
 * The outbox worker's bookkeeping (leases, delivered, failed) commits with the groups and does
 * not wait for the fsync: lost to a power cut, a notification is only sent again (at least once,
 * under the same webhook-id). Alone, each was a FULL commit blocking the event loop.
 */
function groupedOutbox(store: OutboxStore, group: GroupCommitLike): OutboxStore {
  return {
    enqueue: (items) => store.enqueue(items),
    claimDue: (nowMs, leaseMs, limit) => group.run((tx) => tx.outbox.claimDue(nowMs, leaseMs, limit), { durable: false }),
    renewLeases: (ids, heldUntilMs, untilMs) => group.run((tx) => tx.outbox.renewLeases(ids, heldUntilMs, untilMs), { durable: false }),
    delivered: (id, nowMs) => group.run((tx) => tx.outbox.delivered(id, nowMs), { durable: false }),
    failed: (id, error, retryAtMs) => group.run((tx) => tx.outbox.failed(id, error, retryAtMs), { durable: false }),
    get: (id) => store.get(id),
    list: (query) => store.list(query),
    retry: (id, nowMs) => store.retry(id, nowMs),
    retryDead: (nowMs) => store.retryDead(nowMs),
    deleteForResource: (resource) => store.deleteForResource(resource),
    trouble: (deadSinceMs) => store.trouble(deadSinceMs),
    prune: (beforeMs) => store.prune(beforeMs),
  };
}

/** Every capability over `db`: the database itself, or one transaction on it. */
function storesOver(db: Kysely<Database>, search: SearchDialect, memory?: InMemorySearch, direct?: DirectReads): Stores {
  return {
    projects: new KyselyProjectStore(db, search, memory, direct),
    clients: new KyselyClientStore(db, search.name),
    credentials: new KyselyCredentialStore(db, search.name),
    assertions: new KyselyAssertionReplayStore(db),
    inquiries: new KyselyInquiryStore(db, search.name),
    idempotency: new KyselyIdempotencyStore(db, search.name),
    counters: new KyselyCounterStore(db),
    secrets: new KyselySecretStore(db),
    owners: new KyselyOwnerStore(db),
    signInCodes: new KyselySignInCodeStore(db),
    consentCodes: new KyselySignInCodeStore(db, 'consent_email_codes'),
    authorizationCodes: new KyselyAuthorizationCodeStore(db),
    refreshTokens: new KyselyRefreshTokenStore(db),
    loginLinks: new KyselyLoginLinkStore(db),
    sessions: new KyselySessionStore(db),
    ownerTokens: new KyselyOwnerTokenStore(db),
    outbox: new KyselyOutboxStore(db, search.name),
    studio: new KyselyStudioStore(db),
    media: new KyselyMediaStore(db),
  };
}

/**
 * Whether every migration this code knows has run. A database that has run migrations this code
 * does not know was migrated by a newer vitrine: serving it (a rollback) would misread what the
 * newer code wrote (its tokens, say), so that is refused with the names of those migrations.
 */
async function allApplied(db: Kysely<Database>, migrations: SqlMigrations): Promise<boolean> {
  let applied: Set<string>;
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM vitrine_migrations`.execute(db);
    applied = new Set(rows.map((row) => row.name));
  } catch (error) {
    if (error instanceof StoreUnavailableError) throw error;
    return false; // no migration table yet: a new database
  }
  const unknown = [...applied].filter((name) => !(name in migrations)).sort();
  if (unknown.length > 0) throw new NewerDatabaseError(unknown);
  return Object.keys(migrations).every((name) => applied.has(name));
}

export class NewerDatabaseError extends Error {
  override name = 'NewerDatabaseError';
  constructor(readonly unknown: readonly string[]) {
    super(`the database was migrated by a newer version of vitrine (${unknown.join(', ')} unknown to this one): run that version, or restore a backup taken before the upgrade`);
  }
}

export interface MemberOptions {
  /** answer only once the commit is on disk (default); false: at the COMMIT */
  durable?: boolean;
  /**
   * The member runs exactly one statement (a token's INSERT). A statement that fails on a
   * constraint is undone by SQLite alone, the transaction going on (SQLite, "ON CONFLICT": ABORT),
   * so it needs no SAVEPOINT and RELEASE, two statements of its own (~6% of a token's CPU).
   */
  single?: boolean;
}

export interface GroupCommitLike {
  run<T>(work: (tx: Stores) => Promise<T>, options?: MemberOptions): Promise<T>;
  /** resolves once everything committed so far is on disk */
  synced(): Promise<void>;
}

export interface DialectExtras {
  /** the durability settings of the connection(s) commits go through */
  durability(): Promise<Record<string, string>>;
  onClose?: () => Promise<void>;
  /** SQLite: transactions and idempotency claims share commits (sqlite/group-commit.ts) */
  groupCommit?: (storesOver: (trx: Transaction<Database>) => Stores) => GroupCommitLike;
  /** SQLite: the in-memory search's reads without Kysely (direct-reads.ts), outside transactions */
  directReads?: DirectReads;
  /** PostgreSQL: the inquiry write as one statement (postgres/accept-inquiry.ts) */
  acceptInquiry?: (db: Kysely<Database>) => Store['acceptInquiry'];
}

/** Store.acceptInquiry as one transaction of the store's own statements (SQLite: a commit group member). */
function acceptInTransaction(transaction: Store['transaction']): Store['acceptInquiry'] {
  return (inquiry, notifications, record) =>
    transaction(async (tx) => {
      if (record && !(await tx.idempotency.settle(record))) return false;
      await tx.inquiries.insert(inquiry);
      await tx.outbox.enqueue(notifications);
      return true;
    });
}

/** The one store implementation; a dialect brings its connection, migrations and search. */
export function createKyselyStore(db: Kysely<Database>, search: SearchDialect, migrations: SqlMigrations, extras: DialectExtras): Store {
  const text = search.textIndex(db);
  // One in-memory search per store, for reads outside transactions (a transaction reads its own writes).
  const memory = text ? new InMemorySearch(db, search, text, extras.directReads) : undefined;
  const outer = storesOver(db, search, memory, extras.directReads);
  const group = extras.groupCommit?.((trx) => storesOver(trx, search));
  const transaction: Store['transaction'] = group ? (work) => group.run(work) : (work) => db.transaction().execute((trx) => work(storesOver(trx, search)));
  return {
    dialect: search.name,
    ...outer,
    idempotency: group ? groupedClaims(outer.idempotency, group) : outer.idempotency,
    credentials: group ? groupedCredentials(outer.credentials, group) : outer.credentials,
    outbox: group ? groupedOutbox(outer.outbox, group) : outer.outbox,
    transaction,
    acceptInquiry: extras.acceptInquiry?.(db) ?? acceptInTransaction(transaction),
    async migrate() {
      // Nothing pending: answer without the migrator, which takes its lock with a write. A
      // database that is read-only for now (kysely/unavailable.ts) can still be served.
      if (await allApplied(db, migrations)) return [];
      const migrator = new Migrator({ db, provider: new SqlMigrationProvider(migrations), migrationTableName: 'vitrine_migrations', migrationLockTableName: 'vitrine_migrations_lock' });
      const { error, results } = await migrator.migrateToLatest();
      if (error) throw error instanceof Error ? error : new Error(String(error));
      return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    },
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    durability: () => extras.durability(),
    async close() {
      memory?.close();
      await db.destroy();
      await extras.onClose?.();
    },
  };
}
