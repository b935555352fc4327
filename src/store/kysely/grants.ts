import type { Kysely } from 'kysely';
import type { AuthorizationCodeRecord, AuthorizationCodeStore, IdentityType, RefreshTokenRecord, RefreshTokenStore, Used } from '../ports/index.js';
import type { Database } from './schema.js';

const num = (v: number | string | bigint) => Number(v);
const numOrNull = (v: number | string | bigint | null) => (v === null ? null : Number(v));

type CodeRow = Database['authorization_codes'];
type RefreshRow = Database['refresh_tokens'];

function codeOf(row: CodeRow): AuthorizationCodeRecord {
  return { ...row, redirect_uri_named: Number(row.redirect_uri_named) === 1, identity_type: row.identity_type as IdentityType, created_at: num(row.created_at), expires_at: num(row.expires_at), used_at: numOrNull(row.used_at) };
}

function refreshOf(row: RefreshRow): RefreshTokenRecord {
  return {
    ...row,
    identity_type: row.identity_type as IdentityType,
    created_at: num(row.created_at),
    expires_at: num(row.expires_at),
    used_at: numOrNull(row.used_at),
    revoked_at: numOrNull(row.revoked_at),
  };
}

export class KyselyAuthorizationCodeStore implements AuthorizationCodeStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(code: AuthorizationCodeRecord): Promise<void> {
    // Codes live 60 s: expired ones are dropped whenever a new one is stored.
    await this.db.deleteFrom('authorization_codes').where('expires_at', '<', code.created_at - 3_600_000).execute();
    await this.db.insertInto('authorization_codes').values({ ...code, redirect_uri_named: code.redirect_uri_named ? 1 : 0 }).execute();
  }

  async use(hash: string, nowMs: number): Promise<Used<AuthorizationCodeRecord> | undefined> {
    // One statement decides which of two racing uses is the first.
    const updated = await this.db.updateTable('authorization_codes').set({ used_at: nowMs }).where('hash', '=', hash).where('used_at', 'is', null).executeTakeFirst();
    const row = await this.db.selectFrom('authorization_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && { record: codeOf(row), firstUse: Number(updated.numUpdatedRows) > 0 };
  }

  async find(hash: string): Promise<AuthorizationCodeRecord | undefined> {
    const row = await this.db.selectFrom('authorization_codes').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && codeOf(row);
  }

  async discard(hash: string): Promise<void> {
    await this.db.deleteFrom('authorization_codes').where('hash', '=', hash).execute();
  }
}

export class KyselyRefreshTokenStore implements RefreshTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: RefreshTokenRecord): Promise<void> {
    await this.db.insertInto('refresh_tokens').values(token).execute();
  }

  async use(hash: string, nowMs: number): Promise<Used<RefreshTokenRecord> | undefined> {
    const updated = await this.db.updateTable('refresh_tokens').set({ used_at: nowMs }).where('hash', '=', hash).where('used_at', 'is', null).where('revoked_at', 'is', null).executeTakeFirst();
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && { record: refreshOf(row), firstUse: Number(updated.numUpdatedRows) > 0 };
  }

  async find(hash: string): Promise<RefreshTokenRecord | undefined> {
    const row = await this.db.selectFrom('refresh_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && refreshOf(row);
  }

  async revoke(hash: string, nowMs: number): Promise<void> {
    await this.db.updateTable('refresh_tokens').set({ revoked_at: nowMs }).where('hash', '=', hash).where('revoked_at', 'is', null).execute();
  }

  async revokeGrant(grantId: string, nowMs: number): Promise<number> {
    const result = await this.db.updateTable('refresh_tokens').set({ revoked_at: nowMs }).where('grant_id', '=', grantId).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async prune(nowMs: number): Promise<number> {
    const result = await this.db.deleteFrom('refresh_tokens').where('expires_at', '<', nowMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
