import type { Kysely } from 'kysely';
import type { SessionRecord, SessionStore } from '../ports/index.js';
import type { Database } from './schema.js';

export class KyselySessionStore implements SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: SessionRecord): Promise<void> {
    await this.db.insertInto('owner_sessions').values(session).execute();
  }

  async find(hash: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('owner_sessions').selectAll().where('hash', '=', hash).executeTakeFirst();
    return row && { hash: row.hash, email: row.email, created_at: Number(row.created_at), last_seen_at: Number(row.last_seen_at), expires_at: Number(row.expires_at) };
  }

  async touch(hash: string, nowMs: number): Promise<void> {
    await this.db.updateTable('owner_sessions').set({ last_seen_at: nowMs }).where('hash', '=', hash).execute();
  }

  async delete(hash: string): Promise<void> {
    await this.db.deleteFrom('owner_sessions').where('hash', '=', hash).execute();
  }

  async deleteFor(email: string): Promise<number> {
    const result = await this.db.deleteFrom('owner_sessions').where('email', '=', email).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async prune(nowMs: number, idleBeforeMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('owner_sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', nowMs), eb('last_seen_at', '<=', idleBeforeMs)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
