import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { planFixture, type PlanFixture } from '../helpers/plan-db.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';

// Access tokens are the one secret written at the rate of requests, and each index on their table
// is a B-tree write per token (issue 17). Each one kept is read by a query: the key by every
// bearer check and revocation, the grant's by revoking a grant, the expiry by the housekeeping.
for (const dialect of ['sqlite', 'postgres'] as const) {
  const skip = dialect === 'postgres' ? await skipWithoutPostgres() : false;
  describe(`the credentials table's indexes (${dialect})`, { skip }, () => {
    let fixture: PlanFixture;
    before(async () => {
      fixture = await planFixture(dialect, 5);
    });
    after(() => fixture.close());

    it('are the key, the grant and the access tokens\' expiry: none by client', async () => {
      const { db } = fixture;
      const names =
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credentials' ORDER BY name`.execute(db)).rows.map((r) => r.name)
          : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'credentials' AND schemaname = current_schema() ORDER BY indexname`.execute(db)).rows.map((r) => r.name);
      const key = dialect === 'sqlite' ? 'sqlite_autoindex_credentials_1' : 'credentials_pkey';
      assert.deepEqual(names, ['credentials_access_expiry', 'credentials_grant', key].sort());
    });
  });
}
