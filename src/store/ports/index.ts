import type { AssertionReplayStore, CredentialStore } from './credentials.js';
import type { ClientStore } from './clients.js';
import type { AuthorizationCodeStore, RefreshTokenStore } from './grants.js';
import type { CounterStore } from './counters.js';
import type { IdempotencyRecord, IdempotencyStore } from './idempotency.js';
import type { InquiryStore } from './inquiries.js';
import type { NewOutboxItem, OutboxStore } from './outbox.js';
import type { InquiryRecord, Provenance } from '../../model/inquiry.js';
import type { OwnerTokenStore } from './owner-tokens.js';
import type { OwnerStore } from './owners.js';
import type { SessionStore } from './sessions.js';
import type { LoginLinkStore, SignInCodeStore } from './sign-in.js';
import type { ProjectStore } from './projects.js';
import type { SecretStore } from './secrets.js';
import type { StudioStore } from './studio.js';
import type { MediaStore } from './media.js';

/**
 * Storage ports, one file per capability. Domain services depend on these interfaces only;
 * `sqlite/` and `postgres/` provide them over one Kysely codebase. Every secret is stored as a
 * SHA-256 hash (docs/storage-schema.md).
 */
export type { InboxInquiry, InquiryRecord, InquiryStatus, Provenance } from '../../model/inquiry.js';
export type { CredentialKind, IdentityType } from '../../model/principal.js';
export type * from './clients.js';
export type * from './counters.js';
export type * from './grants.js';
export type * from './credentials.js';
export * from './idempotency.js';
export type * from './inquiries.js';
export type * from './outbox.js';
export { isBeingSent } from './outbox.js';
export type * from './owner-tokens.js';
export type * from './owners.js';
export type * from './sessions.js';
export type * from './sign-in.js';
export type * from './projects.js';
export type * from './secrets.js';
export type * from './studio.js';
export type * from './media.js';

/** Every storage capability; inside `Store.transaction` the same set, bound to the transaction. */
export interface Stores {
  readonly projects: ProjectStore;
  readonly clients: ClientStore;
  readonly credentials: CredentialStore;
  readonly assertions: AssertionReplayStore;
  readonly inquiries: InquiryStore;
  readonly idempotency: IdempotencyStore;
  readonly counters: CounterStore;
  readonly secrets: SecretStore;
  readonly owners: OwnerStore;
  readonly signInCodes: SignInCodeStore;
  /** one-time codes proving an email address on the OAuth consent page */
  readonly consentCodes: SignInCodeStore;
  readonly authorizationCodes: AuthorizationCodeStore;
  readonly refreshTokens: RefreshTokenStore;
  readonly loginLinks: LoginLinkStore;
  readonly sessions: SessionStore;
  readonly ownerTokens: OwnerTokenStore;
  readonly outbox: OutboxStore;
  readonly studio: StudioStore;
  readonly media: MediaStore;
}

export interface Store extends Stores {
  readonly dialect: 'sqlite' | 'postgres';
  /**
   * Runs `work` in one database transaction: everything it writes through `tx` commits
   * together or not at all (an error thrown by `work` rolls it back). Do not call the outer
   * store, or another transaction, from inside `work`.
   */
  transaction<T>(work: (tx: Stores) => Promise<T>): Promise<T>;
  /**
   * Stores a new inquiry and the notifications of it — with, when it came with an Idempotency-Key,
   * the key's completed record — all of them or nothing. Returns false, having written nothing,
   * when the key holds a live record (IdempotencyStore.settle): another request with it came
   * first. The hot write of the service (issue 17): PostgreSQL writes it as one statement, SQLite
   * in one transaction of the commit groups; no claim is taken before it.
   */
  acceptInquiry(inquiry: InquiryRecord & Provenance, notifications: readonly NewOutboxItem[], record: IdempotencyRecord | null): Promise<boolean>;
  migrate(): Promise<string[]>;
  ping(): Promise<void>;
  /** What a commit is made to survive: SQLite's journal_mode and synchronous, PostgreSQL's synchronous_commit. */
  durability(): Promise<Record<string, string>>;
  close(): Promise<void>;
}
