import type { ProjectInput, ProjectRecord } from '../catalog/project.js';

/**
 * Storage ports. Domain services depend on these interfaces only; `sqlite/` and `postgres/`
 * provide them over one Kysely codebase. Every secret is stored as a SHA-256 hash
 * (docs/storage-schema.md).
 */

export type ProjectSort = 'relevance' | '-published_at' | 'title' | '-year';

/** Where the previous page ended: keyset for ordered sorts, offset for relevance. */
export type PagePosition = { kind: 'keyset'; value: string | number; id: string } | { kind: 'offset'; offset: number };

export interface ProjectQuery {
  q?: string | undefined;
  tag?: string | undefined;
  industry?: string | undefined;
  service?: string | undefined;
  technology?: string | undefined;
  year?: number | undefined;
  featured?: boolean | undefined;
  sort: ProjectSort;
  limit: number;
  after?: PagePosition | undefined;
}

export interface ProjectPage {
  items: ProjectRecord[];
  /** position after the last item, present when more items follow */
  next: PagePosition | null;
}

export interface FacetCount {
  value: string;
  count: number;
}

export interface Facets {
  tags: FacetCount[];
  industries: FacetCount[];
  services: FacetCount[];
  technologies: FacetCount[];
  years: FacetCount[];
}

export interface ProjectStore {
  /** Published projects only. */
  list(query: ProjectQuery): Promise<ProjectPage>;
  /** Published projects only. */
  getBySlug(slug: string): Promise<ProjectRecord | undefined>;
  /** Which of these slugs name published projects. */
  existingSlugs(slugs: readonly string[]): Promise<Set<string>>;
  facets(): Promise<Facets>;
  /** Inserts or updates by slug, in one transaction; bumps the catalog version. */
  upsert(projects: readonly ProjectInput[], nowMs: number, newId: () => string): Promise<{ inserted: number; updated: number }>;
  /** Every project, published or not, ordered by slug. */
  exportAll(): Promise<ProjectRecord[]>;
  count(): Promise<number>;
  /** Monotonic counter bumped by every catalog write; shared by all instances. */
  version(): Promise<number>;
}

export type TokenEndpointAuthMethod = 'none' | 'client_secret_basic' | 'client_secret_post';

export interface ClientRecord {
  client_id: string;
  client_name: string | null;
  token_endpoint_auth_method: TokenEndpointAuthMethod;
  grant_types: string[];
  scope: string;
  /** SHA-256 of the client secret, hex; null for public clients */
  secret_hash: string | null;
  /** seconds since the epoch (RFC 7591 §3.2.1) */
  client_id_issued_at: number;
}

export interface ClientStore {
  create(client: ClientRecord): Promise<void>;
  get(clientId: string): Promise<ClientRecord | undefined>;
}

export type CredentialKind = 'access_token' | 'api_key';
export type IdentityType = 'anonymous' | 'identity_assertion';

export interface CredentialRecord {
  /** SHA-256 of the bearer value, hex */
  hash: string;
  kind: CredentialKind;
  client_id: string;
  scope: string;
  identity_type: IdentityType;
  /** who the assertion named (email or `iss|sub`), null when anonymous */
  subject: string | null;
  created_at: number;
  /** epoch ms; null = no expiry (API keys) */
  expires_at: number | null;
  revoked_at: number | null;
}

export interface CredentialStore {
  insert(credential: CredentialRecord): Promise<void>;
  findByHash(hash: string): Promise<CredentialRecord | undefined>;
  /** Returns whether a live credential was revoked. */
  revoke(hash: string, nowMs: number): Promise<boolean>;
}

export interface AssertionReplayStore {
  /** Records a `jti` as used; false when it was seen before (replay). */
  useOnce(issuer: string, jti: string, expiresAtMs: number, nowMs: number): Promise<boolean>;
}

export interface InquiryRecord {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  project_slugs: string[];
  budget: string | null;
  timeline: string | null;
  source: 'api' | 'mcp' | 'web';
  client_id: string | null;
  created_at: string;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export type IdempotencyClaim =
  | { state: 'acquired' }
  | { state: 'in_flight' }
  | { state: 'mismatch' }
  | { state: 'replay'; response: StoredResponse };

export interface IdempotencyStore {
  /**
   * Claims `scopeKey` for a request with `fingerprint`. A claim whose lock expired (the
   * holder crashed) may be taken over; a completed record is replayed until it expires.
   */
  claim(scopeKey: string, fingerprint: string, nowMs: number, lockMs: number, ttlMs: number): Promise<IdempotencyClaim>;
  /** Drops the in-flight claim taken at `claimedAtMs` whose request stored no result (e.g. a 4xx). */
  release(scopeKey: string, claimedAtMs: number): Promise<void>;
  /** Deletes expired records; returns how many. */
  prune(nowMs: number): Promise<number>;
}

export interface IdempotencyCompletion {
  scopeKey: string;
  /** when the claim being completed was taken; a claim taken over since is not ours to complete */
  claimedAtMs: number;
  response: StoredResponse;
  expiresAtMs: number;
}

/** The request's claim expired and another request took it over; nothing was written. */
export class IdempotencyClaimLostError extends Error {
  constructor() {
    super('the idempotency claim was taken over by another request');
    this.name = 'IdempotencyClaimLostError';
  }
}

export interface InquiryStore {
  /**
   * Stores the inquiry (when given) and completes the idempotency record (when given) in one
   * transaction: a crash leaves both or neither.
   */
  create(inquiry: InquiryRecord | null, completion: IdempotencyCompletion | null): Promise<void>;
  get(id: string): Promise<InquiryRecord | undefined>;
  count(): Promise<number>;
  list(limit: number): Promise<InquiryRecord[]>;
}

export interface CounterStore {
  /** Increments the fixed-window counter `key` for the window starting at `windowStartMs`. */
  hit(key: string, windowStartMs: number): Promise<number>;
  /** Deletes counters whose window started before `beforeMs`; returns how many. */
  prune(beforeMs: number): Promise<number>;
}

/** Server-side keys shared by every instance (e.g. the form-token HMAC key), created once. */
export interface SecretStore {
  /** The value stored under `name`, storing `create()` first if there is none (first writer wins). */
  getOrCreate(name: string, create: () => string, nowMs: number): Promise<string>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  readonly projects: ProjectStore;
  readonly clients: ClientStore;
  readonly credentials: CredentialStore;
  readonly assertions: AssertionReplayStore;
  readonly inquiries: InquiryStore;
  readonly idempotency: IdempotencyStore;
  readonly counters: CounterStore;
  readonly secrets: SecretStore;
  migrate(): Promise<string[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
