import type { Kysely } from 'kysely';
import type {
  AssertionReplayStore,
  ClientRecord,
  ClientStore,
  CredentialKind,
  CredentialRecord,
  CredentialStore,
  IdentityType,
  SecretStore,
  TokenEndpointAuthMethod,
} from '../ports/index.js';
import { nextTurn } from '../../lib/next-turn.js';
import { prepared, type DialectName } from './prepared.js';
import type { Database } from './schema.js';

function toRow(client: ClientRecord) {
  return { ...client, grant_types: JSON.stringify(client.grant_types), redirect_uris: JSON.stringify(client.redirect_uris) };
}

const CLIENT_COLUMNS = ['client_id', 'client_name', 'token_endpoint_auth_method', 'grant_types', 'scope', 'secret_hash', 'client_id_issued_at', 'redirect_uris', 'client_uri', 'logo_uri'] as const satisfies readonly (keyof Database['oauth_clients'])[];
const CREDENTIAL_COLUMNS = ['hash', 'kind', 'client_id', 'scope', 'identity_type', 'subject', 'created_at', 'expires_at', 'revoked_at', 'resource', 'grant_id'] as const satisfies readonly (keyof Database['credentials'])[];
const clientById = prepared((db, clientId: string) => db.selectFrom('oauth_clients').select(CLIENT_COLUMNS).where('client_id', '=', clientId));
const credentialByHash = prepared((db, hash: string) => db.selectFrom('credentials').select(CREDENTIAL_COLUMNS).where('hash', '=', hash));
const insertCredential = prepared((db, c: Readonly<Record<keyof CredentialRecord, string | number | null>>) =>
  db.insertInto('credentials').values({
    hash: c.hash as string,
    kind: c.kind as string,
    client_id: c.client_id as string,
    scope: c.scope as string,
    identity_type: c.identity_type as string,
    subject: c.subject as string | null,
    created_at: c.created_at as number,
    expires_at: c.expires_at as number | null,
    revoked_at: c.revoked_at as number | null,
    resource: c.resource as string | null,
    grant_id: c.grant_id as string | null,
  }),
);

export class KyselyClientStore implements ClientStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async create(client: ClientRecord): Promise<void> {
    await this.db.insertInto('oauth_clients').values(toRow(client)).execute();
  }

  async upsert(client: ClientRecord): Promise<void> {
    const row = toRow(client);
    await this.db
      .insertInto('oauth_clients')
      .values(row)
      .onConflict((oc) => oc.column('client_id').doUpdateSet({ client_name: row.client_name, grant_types: row.grant_types, scope: row.scope, redirect_uris: row.redirect_uris, client_uri: row.client_uri, logo_uri: row.logo_uri, token_endpoint_auth_method: row.token_endpoint_auth_method }))
      .execute();
  }

  async get(clientId: string): Promise<ClientRecord | undefined> {
    const row = (await clientById(this.db, this.dialect, clientId)).rows[0];
    if (!row) return undefined;
    return {
      ...row,
      token_endpoint_auth_method: row.token_endpoint_auth_method as TokenEndpointAuthMethod,
      grant_types: JSON.parse(row.grant_types) as string[],
      client_id_issued_at: Number(row.client_id_issued_at),
      redirect_uris: JSON.parse(row.redirect_uris) as string[],
    };
  }
}

export class KyselyCredentialStore implements CredentialStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async insert(c: CredentialRecord): Promise<void> {
    // Every column named, so the compiled statement is the same whatever the record holds.
    const row = { hash: c.hash, kind: c.kind, client_id: c.client_id, scope: c.scope, identity_type: c.identity_type, subject: c.subject, created_at: c.created_at, expires_at: c.expires_at, revoked_at: c.revoked_at, resource: c.resource, grant_id: c.grant_id };
    await insertCredential(this.db, this.dialect, row);
  }

  async findByHash(hash: string): Promise<CredentialRecord | undefined> {
    const row = (await credentialByHash(this.db, this.dialect, hash)).rows[0];
    if (!row) return undefined;
    return {
      ...row,
      kind: row.kind as CredentialKind,
      identity_type: row.identity_type as IdentityType,
      created_at: Number(row.created_at),
      expires_at: row.expires_at === null ? null : Number(row.expires_at),
      revoked_at: row.revoked_at === null ? null : Number(row.revoked_at),
    };
  }

  async revoke(hash: string, nowMs: number): Promise<boolean> {
    const result = await this.db
      .updateTable('credentials')
      .set({ revoked_at: nowMs })
      .where('hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async revokeGrant(grantId: string, nowMs: number): Promise<string[]> {
    const rows = await this.db
      .updateTable('credentials')
      .set({ revoked_at: nowMs })
      .where('grant_id', '=', grantId)
      .where('revoked_at', 'is', null)
      .returning('hash')
      .execute();
    return rows.map((r) => r.hash);
  }

  async prune(nowMs: number): Promise<number> {
    // In batches, with a turn of the event loop between them: a server that ran for months
    // before tokens were pruned may hold millions, and SQLite would delete them in one blocking
    // statement. The partial index credentials_access_expiry finds each batch.
    let deleted = 0;
    for (;;) {
      const expired = this.db.selectFrom('credentials').select('hash').where('kind', '=', 'access_token').where('expires_at', '<', nowMs).limit(PRUNE_BATCH);
      const result = await this.db.deleteFrom('credentials').where('hash', 'in', expired).executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted += n;
      if (n < PRUNE_BATCH) return deleted;
      await nextTurn();
    }
  }
}

/** Expired access tokens deleted per statement. */
const PRUNE_BATCH = 2000;

export class KyselySecretStore implements SecretStore {
  constructor(private readonly db: Kysely<Database>) {}

  async getOrCreate(name: string, create: () => string, nowMs: number): Promise<string> {
    // Read first: a start on a database that is read-only for now must not need a write.
    const existing = await this.db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();
    if (existing) return existing.value;
    // Insert-if-absent then read: when two instances start at once, both read the first value.
    await this.db
      .insertInto('app_secrets')
      .values({ name, value: create(), created_at: nowMs })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return row.value;
  }
}

export class KyselyAssertionReplayStore implements AssertionReplayStore {
  constructor(private readonly db: Kysely<Database>) {}

  async useOnce(issuer: string, jti: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    await this.db.deleteFrom('assertion_jtis').where('expires_at', '<', nowMs).execute();
    const result = await this.db
      .insertInto('assertion_jtis')
      .values({ issuer, jti, expires_at: expiresAtMs })
      .onConflict((oc) => oc.columns(['issuer', 'jti']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
}
