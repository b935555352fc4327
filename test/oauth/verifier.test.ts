import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../src/lib/clock.js';
import { hashSecret } from '../../src/oauth/tokens.js';
import { CredentialVerifier } from '../../src/oauth/verifier.js';
import { createStore } from '../../src/store/create-store.js';
import type { Store } from '../../src/store/ports/index.js';

describe('CredentialVerifier: hashed lookup with a short in-process cache', () => {
  let store: Store;
  const clock = new ManualClock(Date.parse('2026-06-01T12:00:00Z'));
  const token = 'vt_at_cached-token-value';

  before(async () => {
    store = createStore({ kind: 'sqlite', path: ':memory:' });
    await store.migrate();
    await store.clients.create({ client_id: 'c1', client_name: null, token_endpoint_auth_method: 'none', grant_types: ['client_credentials'], scope: 'sandbox:write', secret_hash: null, client_id_issued_at: 0, redirect_uris: [], client_uri: null, logo_uri: null });
    await store.credentials.insert({ hash: hashSecret(token), kind: 'access_token', client_id: 'c1', scope: 'sandbox:write', identity_type: 'anonymous', subject: null, created_at: clock.now(), expires_at: clock.now() + 3_600_000, revoked_at: null, resource: null, grant_id: null });
  });
  after(async () => store.close());

  it('a revocation by another instance is honoured within credentialCacheSeconds', async () => {
    const here = new CredentialVerifier({ credentials: store.credentials, clock, cacheSeconds: 5 });
    assert.equal((await here.verify(`Bearer ${token}`)).kind, 'valid');
    // Another instance revokes directly in the shared store.
    await store.credentials.revoke(hashSecret(token), clock.now());
    assert.equal((await here.verify(`Bearer ${token}`)).kind, 'valid', 'served from the cache inside the bound');
    clock.advance(5000);
    assert.deepEqual(await here.verify(`Bearer ${token}`), { kind: 'invalid', reason: 'revoked' });
  });

  it('forget() drops a cached credential at once', async () => {
    const other = 'vt_key_forget-me';
    await store.credentials.insert({ hash: hashSecret(other), kind: 'api_key', client_id: 'c1', scope: 'sandbox:write', identity_type: 'anonymous', subject: null, created_at: clock.now(), expires_at: null, revoked_at: null, resource: null, grant_id: null });
    const verifier = new CredentialVerifier({ credentials: store.credentials, clock, cacheSeconds: 60 });
    assert.equal((await verifier.verify(`Bearer ${other}`)).kind, 'valid');
    await store.credentials.revoke(hashSecret(other), clock.now());
    verifier.forget(hashSecret(other));
    assert.deepEqual(await verifier.verify(`Bearer ${other}`), { kind: 'invalid', reason: 'revoked' });
  });

  it('expiry is checked on every use, cached or not', async () => {
    const short = 'vt_at_short-lived';
    await store.credentials.insert({ hash: hashSecret(short), kind: 'access_token', client_id: 'c1', scope: 'sandbox:write', identity_type: 'anonymous', subject: null, created_at: clock.now(), expires_at: clock.now() + 1000, revoked_at: null, resource: null, grant_id: null });
    const verifier = new CredentialVerifier({ credentials: store.credentials, clock, cacheSeconds: 60 });
    assert.equal((await verifier.verify(`Bearer ${short}`)).kind, 'valid');
    clock.advance(1000);
    assert.deepEqual(await verifier.verify(`Bearer ${short}`), { kind: 'invalid', reason: 'expired' });
  });

  it('no header is anonymous; another scheme or no token is no_bearer and a bad token malformed, neither anonymous', async () => {
    const verifier = new CredentialVerifier({ credentials: store.credentials, clock, cacheSeconds: 5 });
    assert.deepEqual(await verifier.verify(undefined), { kind: 'anonymous' });
    assert.deepEqual(await verifier.verify('Basic YTpi'), { kind: 'invalid', reason: 'no_bearer' });
    assert.deepEqual(await verifier.verify('Bearer   '), { kind: 'invalid', reason: 'no_bearer' });
    assert.deepEqual(await verifier.verify('BEARER a b'), { kind: 'invalid', reason: 'malformed' });
    assert.deepEqual(await verifier.verify('Bearer vt_at_nope'), { kind: 'invalid', reason: 'unknown' });
  });
});
