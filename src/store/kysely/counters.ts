import { sql, type Kysely } from 'kysely';
import type { CounterStore } from '../ports/index.js';
import type { Database } from './schema.js';

export class KyselyCounterStore implements CounterStore {
  constructor(private readonly db: Kysely<Database>) {}

  async hit(key: string, windowStartMs: number): Promise<number> {
    // A single upsert: atomic in both dialects, so every instance sharing the database counts once.
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({ key, window_start: windowStartMs, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          count: sql<number>`CASE WHEN rate_limit_counters.window_start = excluded.window_start THEN rate_limit_counters.count + 1 ELSE 1 END`,
          window_start: sql<number>`excluded.window_start`,
        }),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async prune(beforeMs: number): Promise<number> {
    const result = await this.db.deleteFrom('rate_limit_counters').where('window_start', '<', beforeMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
