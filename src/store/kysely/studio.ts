import type { Kysely, Selectable } from 'kysely';
import { toRfc3339 } from '../../lib/clock.js';
import type { StudioLogo } from '../../studio/logo.js';
import type { StudioProfile } from '../../studio/profile.js';
import type { StudioRecord, StudioStore } from '../ports/index.js';
import { inTransaction } from './in-transaction.js';
import type { Database } from './schema.js';

export class KyselyStudioStore implements StudioStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<StudioRecord | undefined> {
    return recordOf(await this.db.selectFrom('studio_profile').selectAll().where('id', '=', 1).executeTakeFirst());
  }

  async put(profile: StudioProfile, logo: StudioLogo | null, nowMs: number, onlyIf?: (stored: StudioRecord | undefined) => boolean): Promise<StudioRecord | null> {
    const updated_at = toRfc3339(nowMs);
    const values = {
      document: JSON.stringify(profile),
      logo_type: logo?.content_type ?? null,
      logo_data: logo?.data ?? null,
      logo_width: logo?.width ?? null,
      logo_height: logo?.height ?? null,
      updated_at,
    };
    return inTransaction(this.db, async (trx) => {
      // The version's row first: on PostgreSQL its lock makes a concurrent save wait here until
      // this one commits, and then read what that one wrote (READ COMMITTED reads per statement);
      // SQLite's one writer runs the transactions one after the other anyway.
      await trx.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
      // Refused, the bump stays: the caches are refreshed once for nothing, no more.
      if (onlyIf && !onlyIf(recordOf(await trx.selectFrom('studio_profile').selectAll().where('id', '=', 1).executeTakeFirst()))) return null;
      await trx
        .insertInto('studio_profile')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      return { profile, logo, updated_at };
    });
  }
}

function recordOf(row: Selectable<Database['studio_profile']> | undefined): StudioRecord | undefined {
  if (!row) return undefined;
  const logo: StudioLogo | null =
    row.logo_type !== null && row.logo_data !== null ? { content_type: row.logo_type, data: row.logo_data, width: Number(row.logo_width), height: Number(row.logo_height) } : null;
  return { profile: JSON.parse(row.document) as StudioProfile, logo, updated_at: row.updated_at };
}
