import type { Kysely } from 'kysely';
import { toRfc3339 } from '../../lib/clock.js';
import type { StudioLogo } from '../../studio/logo.js';
import type { StudioProfile } from '../../studio/profile.js';
import type { StudioRecord, StudioStore } from '../ports/index.js';
import { inTransaction } from './in-transaction.js';
import type { Database } from './schema.js';

export class KyselyStudioStore implements StudioStore {
  constructor(private readonly db: Kysely<Database>) {}

  async get(): Promise<StudioRecord | undefined> {
    const row = await this.db.selectFrom('studio_profile').selectAll().where('id', '=', 1).executeTakeFirst();
    if (!row) return undefined;
    const logo: StudioLogo | null =
      row.logo_type !== null && row.logo_data !== null ? { content_type: row.logo_type, data: row.logo_data, width: Number(row.logo_width), height: Number(row.logo_height) } : null;
    return { profile: JSON.parse(row.document) as StudioProfile, logo, updated_at: row.updated_at };
  }

  async put(profile: StudioProfile, logo: StudioLogo | null, nowMs: number): Promise<StudioRecord> {
    const updated_at = toRfc3339(nowMs);
    const values = {
      document: JSON.stringify(profile),
      logo_type: logo?.content_type ?? null,
      logo_data: logo?.data ?? null,
      logo_width: logo?.width ?? null,
      logo_height: logo?.height ?? null,
      updated_at,
    };
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('studio_profile')
        .values({ id: 1, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      await trx.updateTable('catalog_state').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute();
    });
    return { profile, logo, updated_at };
  }
}
