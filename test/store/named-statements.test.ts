import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { KyselyClientStore, KyselyCredentialStore } from '../../src/store/kysely/auth.js';
import type { Database } from '../../src/store/kysely/schema.js';
import { namingPool } from '../../src/store/postgres/named-statements.js';
import { createPostgresStore } from '../../src/store/postgres/store.js';
import { createTestDatabase, skipWithoutPostgres } from '../helpers/postgres.js';

const skip = await skipWithoutPostgres();

describe('PostgreSQL keeps the prepared() queries prepared on each connection', { skip }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database>;

  before(async () => {
    database = await createTestDatabase();
    const store = createPostgresStore(database.url);
    await store.migrate();
    await store.close();
    // One connection, so the session the statements live in is the one the test looks at.
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingPool(new pg.Pool({ connectionString: database.url, max: 1 })) }) });
  });
  after(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const prepared = async () => (await sql<{ name: string; statement: string }>`SELECT name, statement FROM pg_prepared_statements`.execute(db)).rows;

  it('names a prepared() query on first use and reuses it; ad-hoc queries stay unnamed', async () => {
    const credentials = new KyselyCredentialStore(db, 'postgres');
    assert.equal(await credentials.findByHash('a'.repeat(64)), undefined);
    await credentials.findByHash('b'.repeat(64));
    await db.selectFrom('credentials').select('hash').where('kind', '=', 'api_key').execute();
    const statements = await prepared();
    assert.equal(statements.length, 1, JSON.stringify(statements));
    assert.match(statements[0]!.name, /^vitrine_\d+$/);
    assert.match(statements[0]!.statement, /from "credentials" where "hash" = \$1/);
  });

  it('still answers after a migration adds a column under the running connection', async () => {
    const credentials = new KyselyCredentialStore(db, 'postgres');
    await new KyselyClientStore(db, 'postgres').create({ client_id: 'client-1', client_name: null, token_endpoint_auth_method: 'none', grant_types: ['client_credentials'], scope: 'catalog:read', secret_hash: null, client_id_issued_at: 1, redirect_uris: [], client_uri: null, logo_uri: null });
    await credentials.insert({ hash: 'c'.repeat(64), kind: 'api_key', client_id: 'client-1', scope: 'catalog:read', identity_type: 'anonymous', subject: null, created_at: 1, expires_at: null, revoked_at: null, resource: null, grant_id: null });
    await sql`ALTER TABLE credentials ADD COLUMN added_later TEXT`.execute(db);
    // A prepared `SELECT *` would now fail with "cached plan must not change result type".
    const found = await credentials.findByHash('c'.repeat(64));
    assert.equal(found?.client_id, 'client-1');
  });
});
