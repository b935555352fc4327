import type { SqlMigrations } from '../kysely/migrations.js';

/** PostgreSQL schema, numbered; applied at start and by `vitrine migrate`. */
export const postgresMigrations: SqlMigrations = {
  '001_catalog': [
    `CREATE TABLE projects (
      id TEXT PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE,
      title TEXT NOT NULL,
      summary TEXT NOT NULL,
      description TEXT NOT NULL,
      client TEXT,
      industry TEXT NOT NULL,
      services TEXT NOT NULL,
      technologies TEXT NOT NULL,
      tags TEXT NOT NULL,
      year INTEGER NOT NULL,
      featured INTEGER NOT NULL DEFAULT 0,
      url TEXT,
      images TEXT NOT NULL,
      published_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      search TSVECTOR NOT NULL DEFAULT ''::tsvector
    )`,
    `CREATE INDEX projects_published ON projects (published_at DESC, id DESC) WHERE published_at IS NOT NULL`,
    `CREATE INDEX projects_title ON projects ((lower(title) COLLATE "C"), id) WHERE published_at IS NOT NULL`,
    `CREATE INDEX projects_year ON projects (year DESC, id DESC) WHERE published_at IS NOT NULL`,
    `CREATE INDEX projects_search ON projects USING GIN (search)`,
    `CREATE TABLE project_terms (
      project_id TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (kind, value, project_id)
    )`,
    `CREATE INDEX project_terms_project ON project_terms (project_id)`,
    `CREATE TABLE catalog_state (id INTEGER PRIMARY KEY CHECK (id = 1), version BIGINT NOT NULL)`,
    `INSERT INTO catalog_state (id, version) VALUES (1, 0)`,
  ],
  '002_auth': [
    `CREATE TABLE oauth_clients (
      client_id TEXT PRIMARY KEY,
      client_name TEXT,
      token_endpoint_auth_method TEXT NOT NULL,
      grant_types TEXT NOT NULL,
      scope TEXT NOT NULL,
      secret_hash TEXT,
      client_id_issued_at BIGINT NOT NULL
    )`,
    `CREATE TABLE credentials (
      hash TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      client_id TEXT NOT NULL REFERENCES oauth_clients(client_id),
      scope TEXT NOT NULL,
      identity_type TEXT NOT NULL,
      subject TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT,
      revoked_at BIGINT
    )`,
    `CREATE INDEX credentials_client ON credentials (client_id)`,
    `CREATE TABLE assertion_jtis (
      issuer TEXT NOT NULL,
      jti TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (issuer, jti)
    )`,
  ],
  '003_inquiries': [
    `CREATE TABLE inquiries (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      company TEXT,
      message TEXT NOT NULL,
      project_slugs TEXT NOT NULL,
      budget TEXT,
      timeline TEXT,
      source TEXT NOT NULL,
      client_id TEXT,
      created_at TEXT NOT NULL
    )`,
    `CREATE INDEX inquiries_created ON inquiries (created_at DESC)`,
    `CREATE TABLE idempotency_keys (
      scope_key TEXT PRIMARY KEY,
      fingerprint TEXT NOT NULL,
      state TEXT NOT NULL,
      status INTEGER,
      headers TEXT,
      body TEXT,
      locked_until BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX idempotency_keys_expires ON idempotency_keys (expires_at)`,
    `CREATE TABLE rate_limit_counters (
      key TEXT PRIMARY KEY,
      window_start BIGINT NOT NULL,
      count INTEGER NOT NULL
    )`,
  ],
  '004_secrets': [
    `CREATE TABLE app_secrets (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  ],
  // Idempotency records keep the operation's (encrypted) result instead of an HTTP answer, and
  // name what the operation created so erasing it can find the record.
  '005_idempotency_results': [
    `ALTER TABLE idempotency_keys ADD COLUMN result TEXT`,
    `ALTER TABLE idempotency_keys ADD COLUMN resource TEXT`,
    `CREATE INDEX idempotency_keys_resource ON idempotency_keys (resource) WHERE resource IS NOT NULL`,
  ],
  // The owner side: owners, sign-in codes and links, sessions, owner API tokens, the inbox's
  // status and provenance of each inquiry, and the outbox of notifications.
  '006_owner_side': [
    `CREATE TABLE owners (
      email TEXT PRIMARY KEY,
      added_at BIGINT NOT NULL
    )`,
    `CREATE TABLE owner_sign_in_codes (
      email TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      expires_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
    `CREATE TABLE owner_login_links (
      hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`,
    `CREATE TABLE owner_sessions (
      hash TEXT PRIMARY KEY,
      email TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_seen_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL
    )`,
    `CREATE INDEX owner_sessions_email ON owner_sessions (email)`,
    `CREATE TABLE owner_tokens (
      hash TEXT PRIMARY KEY,
      id TEXT NOT NULL UNIQUE,
      email TEXT NOT NULL,
      name TEXT NOT NULL,
      created_at BIGINT NOT NULL,
      last_used_at BIGINT,
      revoked_at BIGINT
    )`,
    `ALTER TABLE inquiries ADD COLUMN status TEXT NOT NULL DEFAULT 'new'`,
    `ALTER TABLE inquiries ADD COLUMN status_changed_at TEXT`,
    `ALTER TABLE inquiries ADD COLUMN credential TEXT`,
    `ALTER TABLE inquiries ADD COLUMN identity_type TEXT`,
    `ALTER TABLE inquiries ADD COLUMN subject TEXT`,
    `DROP INDEX inquiries_created`,
    `CREATE INDEX inquiries_inbox ON inquiries (created_at DESC, id DESC)`,
    `CREATE INDEX inquiries_status ON inquiries (status, created_at DESC, id DESC)`,
    `CREATE TABLE outbox (
      id TEXT PRIMARY KEY,
      event TEXT NOT NULL,
      resource TEXT,
      channel TEXT NOT NULL,
      target TEXT NOT NULL,
      payload TEXT NOT NULL,
      state TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at BIGINT NOT NULL,
      lease_until BIGINT,
      last_error TEXT,
      last_attempt_at BIGINT,
      delivered_at BIGINT,
      created_at BIGINT NOT NULL
    )`,
    `CREATE INDEX outbox_due ON outbox (state, next_attempt_at)`,
    `CREATE INDEX outbox_resource ON outbox (resource) WHERE resource IS NOT NULL`,
  ],
  '007_authorization_code': [
    `ALTER TABLE oauth_clients ADD COLUMN redirect_uris TEXT NOT NULL DEFAULT '[]'`,
    `ALTER TABLE oauth_clients ADD COLUMN client_uri TEXT`,
    `ALTER TABLE oauth_clients ADD COLUMN logo_uri TEXT`,
    `ALTER TABLE credentials ADD COLUMN resource TEXT`,
    `ALTER TABLE credentials ADD COLUMN grant_id TEXT`,
    `CREATE INDEX credentials_grant ON credentials (grant_id) WHERE grant_id IS NOT NULL`,
    `CREATE TABLE authorization_codes (
      hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      client_id TEXT NOT NULL,
      redirect_uri TEXT NOT NULL,
      code_challenge TEXT NOT NULL,
      scope TEXT NOT NULL,
      resource TEXT,
      identity_type TEXT NOT NULL,
      subject TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT
    )`,
    `CREATE TABLE refresh_tokens (
      hash TEXT PRIMARY KEY,
      grant_id TEXT NOT NULL,
      client_id TEXT NOT NULL,
      scope TEXT NOT NULL,
      resource TEXT,
      identity_type TEXT NOT NULL,
      subject TEXT,
      created_at BIGINT NOT NULL,
      expires_at BIGINT NOT NULL,
      used_at BIGINT,
      revoked_at BIGINT
    )`,
    `CREATE INDEX refresh_tokens_grant ON refresh_tokens (grant_id)`,
    `CREATE TABLE consent_email_codes (
      email TEXT PRIMARY KEY,
      code_hash TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      expires_at BIGINT NOT NULL,
      created_at BIGINT NOT NULL
    )`,
  ],
  '008_studio_and_editing': [
    `CREATE TABLE studio_profile (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      document TEXT NOT NULL,
      logo_type TEXT,
      logo_data TEXT,
      logo_width INTEGER,
      logo_height INTEGER,
      updated_at TEXT NOT NULL
    )`,
    // Optimistic concurrency for edits (ETag/If-Match) and the owner's order of featured work.
    `ALTER TABLE projects ADD COLUMN revision INTEGER NOT NULL DEFAULT 1`,
    `ALTER TABLE projects ADD COLUMN featured_rank INTEGER NOT NULL DEFAULT 0`,
  ],
  '009_media': [
    // Project images: the original as uploaded and each variant, so instances need no shared disk.
    `CREATE TABLE media (
      id TEXT PRIMARY KEY,
      content_type TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      placeholder TEXT NOT NULL,
      original BYTEA NOT NULL,
      created_at TEXT NOT NULL
    )`,
    `CREATE TABLE media_variants (
      file TEXT PRIMARY KEY,
      media_id TEXT NOT NULL REFERENCES media (id) ON DELETE CASCADE,
      format TEXT NOT NULL,
      content_type TEXT NOT NULL,
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      data BYTEA NOT NULL
    )`,
    `CREATE INDEX media_variants_media ON media_variants (media_id, width)`,
  ],
  '010_search_doc': [
    // The in-memory search index (issue 17) knows each project by a small integer, as SQLite's
    // rowid serves there; existing rows are numbered when the column is added.
    `ALTER TABLE projects ADD COLUMN search_doc INTEGER GENERATED BY DEFAULT AS IDENTITY`,
    `CREATE UNIQUE INDEX projects_search_doc ON projects (search_doc)`,
  ],
  // Expired access tokens are deleted by the hourly housekeeping; API keys never expire.
  '011_access_token_expiry': [`CREATE INDEX credentials_access_expiry ON credentials (expires_at) WHERE kind = 'access_token'`],
  // A sitemap's walk (slug and update time of every published project, by slug): an index-only scan.
  '012_project_pages': [`CREATE INDEX projects_pages ON projects (slug) INCLUDE (updated_at) WHERE published_at IS NOT NULL`],
  // A query made only of stop words searches the plain words (postgresSearch.matches): from this
  // index rather than a to_tsvector of every row (4 s for "we" at 100,000 projects; ~0.2 s).
  // The expression is the query's, character for character, or the planner cannot use it.
  '013_plain_words': [
    `CREATE INDEX projects_plain_words ON projects USING GIN (to_tsvector('simple', title || ' ' || summary || ' ' || description || ' ' || coalesce(client, '') || ' ' || tags || ' ' || services || ' ' || technologies))`,
  ],
  // RFC 6749 §4.1.3: a token request must repeat redirect_uri when the authorization request named it.
  // Codes live 60 s, so the default only touches codes issued in the minute of the upgrade.
  '014_code_redirect_named': [`ALTER TABLE authorization_codes ADD COLUMN redirect_uri_named INTEGER NOT NULL DEFAULT 0`],
  // No query reads credentials by client, and clients are never deleted (the foreign key's parent
  // side, which would look child rows up by it): the index only cost every token's INSERT a
  // B-tree write of its own (~1.5 µs of ~8 on SQLite, issue 17). Index credentials (client_id)
  // again before anything deletes clients or lists a client's credentials.
  '015_credentials_client_unused': [`DROP INDEX IF EXISTS credentials_client`],
};
