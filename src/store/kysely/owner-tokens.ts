import type { Kysely } from 'kysely';
import type { OwnerTokenRecord, OwnerTokenStore } from '../ports/index.js';
import type { Database, OwnerTokensTable } from './schema.js';

function toToken(row: OwnerTokensTable): OwnerTokenRecord {
  return {
    ...row,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
  };
}

export class KyselyOwnerTokenStore implements OwnerTokenStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(token: OwnerTokenRecord): Promise<void> {
    await this.db.insertInto('owner_tokens').values(token).execute();
  }

  async findByHash(hash: string): Promise<OwnerTokenRecord | undefined> {
    const row = await this.db.selectFrom('owner_tokens').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && toToken(row);
  }

  async list(email?: string): Promise<OwnerTokenRecord[]> {
    const rows = await this.db
      .selectFrom('owner_tokens')
      .selectAll()
      .$if(email !== undefined, (qb) => qb.where('email', '=', email!))
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(toToken);
  }

  async revoke(id: string, nowMs: number): Promise<boolean> {
    const result = await this.db.updateTable('owner_tokens').set({ revoked_at: nowMs }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async touch(hash: string, nowMs: number): Promise<void> {
    await this.db.updateTable('owner_tokens').set({ last_used_at: nowMs }).where('hash', '=', hash).execute();
  }
}
