import type { Generated } from 'kysely';

/** Row types of the database, shared by both dialects (docs/storage-schema.md). */
export interface ProjectsTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  description: string;
  client: string | null;
  industry: string;
  /** JSON arrays, stored as text so both dialects read them the same way */
  services: string;
  technologies: string;
  tags: string;
  year: number;
  featured: number;
  url: string | null;
  images: string;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  revision: Generated<number>;
  featured_rank: Generated<number>;
}

export interface ProjectTermsTable {
  project_id: string;
  kind: 'tag' | 'industry' | 'service' | 'technology';
  value: string;
}

export interface CatalogStateTable {
  id: number;
  version: number;
}

export interface OauthClientsTable {
  client_id: string;
  client_name: string | null;
  token_endpoint_auth_method: string;
  grant_types: string;
  scope: string;
  secret_hash: string | null;
  client_id_issued_at: number;
  /** JSON array (migration 007) */
  redirect_uris: Generated<string>;
  client_uri: string | null;
  logo_uri: string | null;
}

export interface CredentialsTable {
  hash: string;
  kind: string;
  client_id: string;
  scope: string;
  identity_type: string;
  subject: string | null;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  /** migration 007: the RFC 8707 resource the token is for, and the authorization grant it came from */
  resource: string | null;
  grant_id: string | null;
}

/** migration 007: single-use authorization codes (RFC 6749 §4.1.2), by SHA-256 hash */
export interface AuthorizationCodesTable {
  hash: string;
  grant_id: string;
  client_id: string;
  redirect_uri: string;
  /** migration 012 (SQLite) / 014 (PostgreSQL): 1 when the authorization request named redirect_uri */
  redirect_uri_named: number;
  code_challenge: string;
  scope: string;
  resource: string | null;
  identity_type: string;
  subject: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** migration 007: rotating refresh tokens (RFC 9700 §4.14.2), by SHA-256 hash */
export interface RefreshTokensTable {
  hash: string;
  grant_id: string;
  client_id: string;
  scope: string;
  resource: string | null;
  identity_type: string;
  subject: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}

export interface AssertionJtisTable {
  issuer: string;
  jti: string;
  expires_at: number;
}

export interface InquiriesTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  project_slugs: string;
  budget: string | null;
  timeline: string | null;
  source: string;
  client_id: string | null;
  created_at: string;
  /** the inbox status (migration 006) */
  status: Generated<string>;
  status_changed_at: string | null;
  credential: string | null;
  identity_type: string | null;
  subject: string | null;
}

export interface IdempotencyKeysTable {
  scope_key: string;
  fingerprint: string;
  state: string;
  /** status, headers, body: the HTTP answer records completed before migration 005 kept */
  status: number | null;
  headers: string | null;
  body: string | null;
  /** the operation's result as the idempotency layer encoded it (encrypted) */
  result: string | null;
  /** the id of what the operation created, e.g. an inquiry */
  resource: string | null;
  locked_until: number;
  expires_at: number;
  created_at: number;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: number;
  count: number;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface OwnersTable {
  email: string;
  added_at: number;
}

export interface OwnerSignInCodesTable {
  email: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  created_at: number;
}

export interface OwnerLoginLinksTable {
  hash: string;
  email: string;
  expires_at: number;
  used_at: number | null;
}

export interface OwnerSessionsTable {
  hash: string;
  email: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface OwnerTokensTable {
  hash: string;
  id: string;
  email: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

export interface OutboxTable {
  id: string;
  event: string;
  resource: string | null;
  channel: string;
  target: string;
  payload: string;
  state: string;
  attempts: Generated<number>;
  next_attempt_at: number;
  lease_until: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  delivered_at: number | null;
  created_at: number;
}

export interface StudioProfileTable {
  id: number;
  /** the profile as JSON (src/studio/profile.ts) */
  document: string;
  logo_type: string | null;
  /** base64 */
  logo_data: string | null;
  logo_width: number | null;
  logo_height: number | null;
  updated_at: string;
}

export interface MediaTable {
  /** img_<hash of the original> */
  id: string;
  content_type: string;
  width: number;
  height: number;
  /** data: URL of a tiny blurred WebP */
  placeholder: string;
  original: Buffer;
  created_at: string;
}

export interface MediaVariantsTable {
  /** img-<hash of data>.<ext>, the name under /media/ */
  file: string;
  media_id: string;
  format: string;
  content_type: string;
  width: number;
  height: number;
  data: Buffer;
}

export interface Database {
  projects: ProjectsTable;
  project_terms: ProjectTermsTable;
  catalog_state: CatalogStateTable;
  oauth_clients: OauthClientsTable;
  credentials: CredentialsTable;
  assertion_jtis: AssertionJtisTable;
  inquiries: InquiriesTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_counters: RateLimitCountersTable;
  app_secrets: AppSecretsTable;
  owners: OwnersTable;
  owner_sign_in_codes: OwnerSignInCodesTable;
  consent_email_codes: OwnerSignInCodesTable;
  authorization_codes: AuthorizationCodesTable;
  refresh_tokens: RefreshTokensTable;
  owner_login_links: OwnerLoginLinksTable;
  owner_sessions: OwnerSessionsTable;
  owner_tokens: OwnerTokensTable;
  outbox: OutboxTable;
  studio_profile: StudioProfileTable;
  media: MediaTable;
  media_variants: MediaVariantsTable;
}
