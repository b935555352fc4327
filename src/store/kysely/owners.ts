import type { Kysely } from 'kysely';
import type { OwnerRecord, OwnerStore } from '../ports/index.js';
import type { Database } from './schema.js';

export class KyselyOwnerStore implements OwnerStore {
  constructor(private readonly db: Kysely<Database>) {}

  async add(email: string, nowMs: number): Promise<boolean> {
    const result = await this.db.insertInto('owners').values({ email, added_at: nowMs }).onConflict((oc) => oc.column('email').doNothing()).executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async remove(email: string): Promise<boolean> {
    const result = await this.db.deleteFrom('owners').where('email', '=', email).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async list(): Promise<OwnerRecord[]> {
    const rows = await this.db.selectFrom('owners').selectAll().orderBy('email').execute();
    return rows.map((row) => ({ email: row.email, added_at: Number(row.added_at) }));
  }

  async has(email: string): Promise<boolean> {
    return (await this.db.selectFrom('owners').select('email').where('email', '=', email).executeTakeFirst()) !== undefined;
  }
}
