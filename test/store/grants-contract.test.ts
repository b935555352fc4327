import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { AuthorizationCodeRecord, RefreshTokenRecord } from '../../src/store/ports/index.js';
import { describeEachDialect } from '../helpers/dialect-suites.js';

/** The authorization-code side of the storage contract (migration 007), run against both adapters. */

const NOW = Date.parse('2026-06-01T12:00:00Z');
const facts = { client_id: 'cl_app', scope: 'catalog:read', resource: 'https://vitrine.example/mcp', identity_type: 'identity_assertion' as const, subject: 'vera@client.example' };

function code(hash: string, grant_id: string, redirect_uri_named = true): AuthorizationCodeRecord {
  return { hash, grant_id, ...facts, redirect_uri: 'http://127.0.0.1:5000/cb', redirect_uri_named, code_challenge: 'c'.repeat(43), created_at: NOW, expires_at: NOW + 60_000, used_at: null };
}

function refresh(hash: string, grant_id: string): RefreshTokenRecord {
  return { hash, grant_id, ...facts, created_at: NOW, expires_at: NOW + 86_400_000, used_at: null, revoked_at: null };
}

await describeEachDialect('authorization grant storage contract', (suite) => {
  before(async () => {
    await suite.store.clients.create({ client_id: 'cl_app', client_name: 'App', token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], scope: 'catalog:read', secret_hash: null, client_id_issued_at: 1, redirect_uris: ['http://127.0.0.1/cb'], client_uri: null, logo_uri: 'https://app.example/logo.png' });
  });

  it('clients: redirect_uris and logo round-trip; upsert replaces a document client', async () => {
    assert.deepEqual((await suite.store.clients.get('cl_app'))?.redirect_uris, ['http://127.0.0.1/cb']);
    const doc = { client_id: 'https://app.example/client.json', client_name: 'Doc App', token_endpoint_auth_method: 'none' as const, grant_types: ['authorization_code'], scope: 'catalog:read', secret_hash: null, client_id_issued_at: 2, redirect_uris: ['https://app.example/cb'], client_uri: null, logo_uri: null };
    await suite.store.clients.upsert(doc);
    await suite.store.clients.upsert({ ...doc, client_name: 'Doc App 2', redirect_uris: ['https://app.example/cb2'] });
    const got = await suite.store.clients.get(doc.client_id);
    assert.equal(got?.client_name, 'Doc App 2');
    assert.deepEqual(got?.redirect_uris, ['https://app.example/cb2']);
  });

  it('codes: the first use wins, a second is seen as a replay, unknown is undefined', async () => {
    await suite.store.authorizationCodes.insert(code('h-code', 'g1'));
    const [a, b] = await Promise.all([suite.store.authorizationCodes.use('h-code', NOW + 1), suite.store.authorizationCodes.use('h-code', NOW + 2)]);
    assert.deepEqual([a!.firstUse, b!.firstUse].sort(), [false, true]);
    assert.equal(a!.record.subject, 'vera@client.example');
    assert.equal(a!.record.resource, 'https://vitrine.example/mcp');
    assert.equal(a!.record.redirect_uri_named, true);
    await suite.store.authorizationCodes.insert(code('h-unnamed', 'g1b', false));
    assert.equal((await suite.store.authorizationCodes.use('h-unnamed', NOW + 3))!.record.redirect_uri_named, false);
    assert.equal(await suite.store.authorizationCodes.use('h-none', NOW), undefined);
  });

  it('a replayed code is discarded; a reused refresh token is revoked alone (the marks a racing redemption looks for)', async () => {
    await suite.store.authorizationCodes.insert(code('h-discard', 'g9'));
    assert.equal((await suite.store.authorizationCodes.find('h-discard'))?.grant_id, 'g9');
    await suite.store.authorizationCodes.discard('h-discard');
    assert.equal(await suite.store.authorizationCodes.find('h-discard'), undefined);
    assert.equal(await suite.store.authorizationCodes.use('h-discard', NOW), undefined, 'gone for later replays too');
    await suite.store.refreshTokens.insert(refresh('h-one', 'g10'));
    await suite.store.refreshTokens.insert(refresh('h-other', 'g10'));
    await suite.store.refreshTokens.revoke('h-one', NOW + 7);
    await suite.store.refreshTokens.revoke('h-one', NOW + 9);
    assert.equal((await suite.store.refreshTokens.find('h-one'))?.revoked_at, NOW + 7, 'the first revocation stands');
    assert.equal((await suite.store.refreshTokens.find('h-other'))?.revoked_at, null, 'only that token');
  });

  it('refresh tokens: rotate once, revoke a grant with its access tokens', async () => {
    await suite.store.refreshTokens.insert(refresh('h-r1', 'g2'));
    await suite.store.refreshTokens.insert(refresh('h-r2', 'g2'));
    assert.equal((await suite.store.refreshTokens.use('h-r1', NOW))!.firstUse, true);
    assert.equal((await suite.store.refreshTokens.use('h-r1', NOW))!.firstUse, false, 'a rotated token used again');
    await suite.store.credentials.insert({ hash: 'h-at', kind: 'access_token', client_id: 'cl_app', scope: 'catalog:read', identity_type: 'anonymous', subject: null, created_at: NOW, expires_at: NOW + 1, revoked_at: null, resource: null, grant_id: 'g2' });
    assert.equal(await suite.store.refreshTokens.revokeGrant('g2', NOW + 5), 2);
    assert.deepEqual(await suite.store.credentials.revokeGrant('g2', NOW + 5), ['h-at']);
    assert.equal((await suite.store.refreshTokens.find('h-r2'))?.revoked_at, NOW + 5);
    assert.equal((await suite.store.refreshTokens.use('h-r2', NOW + 6))!.firstUse, false, 'a revoked token cannot be used');
    assert.equal((await suite.store.credentials.findByHash('h-at'))?.grant_id, 'g2');
  });

  it('refresh tokens past their expiry are pruned, live ones kept', async () => {
    await suite.store.refreshTokens.insert(refresh('h-r3', 'g3'));
    assert.equal(await suite.store.refreshTokens.prune(NOW + 86_400_000), 0, 'not before it expires');
    assert.ok((await suite.store.refreshTokens.prune(NOW + 86_400_001)) >= 1);
    assert.equal(await suite.store.refreshTokens.find('h-r3'), undefined);
  });

  it('access tokens past their expiry are pruned, in batches; live and revoked-but-live tokens and API keys kept', async () => {
    const token = (hash: string, kind: 'access_token' | 'api_key', expires_at: number | null, revoked_at: number | null = null) =>
      suite.store.credentials.insert({ hash, kind, client_id: 'cl_app', scope: 'catalog:read', identity_type: 'anonymous', subject: null, created_at: NOW, expires_at, revoked_at, resource: null, grant_id: null });
    // More than one batch of the store's (2,000) expired, so the loop must go round.
    for (let i = 0; i < 2100; i += 300) await Promise.all(Array.from({ length: Math.min(300, 2100 - i) }, (_, j) => token(`h-old-${i + j}`, 'access_token', NOW - 1)));
    await token('h-live', 'access_token', NOW + 3_600_000);
    await token('h-live-revoked', 'access_token', NOW + 3_600_000, NOW);
    await token('h-key', 'api_key', null);
    await token('h-at-expiry', 'access_token', NOW);
    assert.equal(await suite.store.credentials.prune(NOW), 2100);
    assert.equal(await suite.store.credentials.findByHash('h-old-0'), undefined);
    assert.equal(await suite.store.credentials.findByHash('h-old-2099'), undefined);
    for (const hash of ['h-live', 'h-live-revoked', 'h-key', 'h-at-expiry']) assert.ok(await suite.store.credentials.findByHash(hash), `${hash} kept`);
    assert.equal(await suite.store.credentials.prune(NOW), 0, 'nothing left to prune');
    assert.equal(await suite.store.credentials.prune(NOW + 1), 1, 'a token whose expiry has passed');
  });

  it('consent codes live apart from owner sign-in codes', async () => {
    await suite.store.consentCodes.put({ email: 'vera@client.example', code_hash: 'x', attempts: 0, expires_at: NOW + 1000, created_at: NOW });
    assert.equal(await suite.store.signInCodes.get('vera@client.example'), undefined);
    assert.equal(await suite.store.consentCodes.consume('vera@client.example', 'x', NOW, 5), true);
  });
});
