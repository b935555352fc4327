import { sql, type Kysely } from 'kysely';
import type { LoginLinkRecord, LoginLinkStore, SignInCodeRecord, SignInCodeStore } from '../ports/index.js';
import type { Database } from './schema.js';

/** Both code tables have the same columns; the consent page's codes are kept apart from the owners'. */
type CodeTable = 'owner_sign_in_codes' | 'consent_email_codes';

export class KyselySignInCodeStore implements SignInCodeStore {
  private readonly table: 'owner_sign_in_codes';

  constructor(
    private readonly db: Kysely<Database>,
    table: CodeTable = 'owner_sign_in_codes',
  ) {
    this.table = table as 'owner_sign_in_codes';
  }

  async put(record: SignInCodeRecord): Promise<void> {
    await this.db
      .insertInto(this.table)
      .values(record)
      .onConflict((oc) => oc.column('email').doUpdateSet({ code_hash: record.code_hash, attempts: record.attempts, expires_at: record.expires_at, created_at: record.created_at }))
      .execute();
  }

  async get(email: string): Promise<SignInCodeRecord | undefined> {
    const row = await this.db.selectFrom(this.table).selectAll().where('email', '=', email).executeTakeFirst();
    return row && { email: row.email, code_hash: row.code_hash, attempts: Number(row.attempts), expires_at: Number(row.expires_at), created_at: Number(row.created_at) };
  }

  async recordFailedAttempt(email: string): Promise<number> {
    const row = await this.db
      .updateTable(this.table)
      .set({ attempts: sql<number>`attempts + 1` })
      .where('email', '=', email)
      .returning('attempts')
      .executeTakeFirst();
    return row ? Number(row.attempts) : 0;
  }

  async consume(email: string, code_hash: string, nowMs: number, maxAttempts: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom(this.table)
      .where('email', '=', email)
      .where('code_hash', '=', code_hash)
      .where('expires_at', '>', nowMs)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async delete(email: string): Promise<void> {
    await this.db.deleteFrom(this.table).where('email', '=', email).execute();
  }
}

export class KyselyLoginLinkStore implements LoginLinkStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(link: LoginLinkRecord): Promise<void> {
    await this.db.insertInto('owner_login_links').values({ ...link, used_at: null }).execute();
  }

  async consume(hash: string, nowMs: number): Promise<string | undefined> {
    // One statement: of two requests racing with the same link, only one gets the email back.
    const row = await this.db
      .updateTable('owner_login_links')
      .set({ used_at: nowMs })
      .where('hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowMs)
      .returning('email')
      .executeTakeFirst();
    return row?.email;
  }
}
