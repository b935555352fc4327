import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClientDirectory } from '../../src/oauth/client-directory.js';
import { ClientMetadataDocuments } from '../../src/oauth/client-metadata-document.js';
import { systemClock } from '../../src/lib/clock.js';
import type { ClientRecord } from '../../src/store/ports/index.js';
import { openStore, type OpenedStore } from '../helpers/open-store.js';

const client = (client_id: string): ClientRecord => ({
  client_id,
  client_name: 'agent',
  token_endpoint_auth_method: 'none',
  grant_types: ['client_credentials'],
  scope: 'catalog:read',
  secret_hash: null,
  client_id_issued_at: 1_700_000_000,
  redirect_uris: [],
  client_uri: null,
  logo_uri: null,
});

describe('ClientDirectory (registered clients)', () => {
  let opened: OpenedStore;
  let reads: string[];
  let directory: ClientDirectory;

  before(async () => {
    opened = await openStore('sqlite');
    await opened.store.migrate();
    const { clients } = opened.store;
    reads = [];
    // The real SQLite store, with its reads counted.
    const counted = { get: (id: string) => (reads.push(id), clients.get(id)) };
    directory = new ClientDirectory(counted, new ClientMetadataDocuments({ clients, clock: systemClock, allowPrivate: false, ca: undefined }));
  });
  after(() => opened.drop());

  it('reads a registered client from the database once, and hands out the same frozen record after', async () => {
    await opened.store.clients.create(client('cli_kept'));
    const first = await directory.get('cli_kept');
    const second = await directory.get('cli_kept');
    assert.equal(first?.client_id, 'cli_kept');
    assert.equal(second, first);
    assert.deepEqual(reads.filter((id) => id === 'cli_kept'), ['cli_kept']);
    assert.ok(Object.isFrozen(first) && Object.isFrozen(first.grant_types), 'no caller can change what every caller shares');
  });

  it('asks the database again for an id it did not find (it may be registered since, on any instance)', async () => {
    assert.equal(await directory.get('cli_later'), undefined);
    await opened.store.clients.create(client('cli_later'));
    assert.equal((await directory.get('cli_later'))?.client_id, 'cli_later');
  });
});
