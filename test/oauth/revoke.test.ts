import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { credentialKey } from '../../src/oauth/tokens.js';
import { postForm } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';

describe('POST /oauth/revoke (RFC 7009)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const revoke = (form: Record<string, string>, headers: Record<string, string> = {}) => postForm(`${server.baseUrl}/oauth/revoke`, form, headers);
  const check = (token: string) => server.vitrine.oauth.verifier.verify(`Bearer ${token}`);

  it('§2.2: revokes an access token; it fails at once on this instance', async () => {
    const { token } = await agentToken(server.baseUrl);
    assert.equal((await check(token)).kind, 'valid'); // now cached
    const res = await revoke({ token, token_type_hint: 'access_token' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, {});
    assert.deepEqual(await check(token), { kind: 'invalid', reason: 'revoked' });
  });

  it('§2.2: answers 200 for an unknown token too', async () => {
    const res = await revoke({ token: 'vt_at_never-issued' });
    assert.equal(res.status, 200);
  });

  it('§2.2: the 200 has an empty body, sent as one (Content-Length: 0, not an empty chunked stream)', async () => {
    const res = await fetch(`${server.baseUrl}/oauth/revoke`, { method: 'POST', body: new URLSearchParams({ token: 'vt_at_never-issued' }) });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), '0');
    assert.equal(res.headers.get('transfer-encoding'), null);
    assert.equal(await res.text(), '');
  });

  it('revokes an API key, and the token handed out with it (one grant, as RFC 7009 §2.1 has for refresh tokens)', async () => {
    const minted = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string; token: string };
    const other = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string; token: string };
    assert.equal((await check(minted.token)).kind, 'valid'); // now cached
    assert.equal((await revoke({ token: minted.api_key, token_type_hint: 'refresh_token' })).status, 200);
    assert.deepEqual(await check(minted.api_key), { kind: 'invalid', reason: 'revoked' });
    assert.deepEqual(await check(minted.token), { kind: 'invalid', reason: 'revoked' });
    assert.equal((await check(other.token)).kind, 'valid', 'another key\'s token is untouched');

    // Revoking the token alone leaves its key working.
    assert.equal((await revoke({ token: other.token })).status, 200);
    assert.deepEqual(await check(other.token), { kind: 'invalid', reason: 'revoked' });
    assert.equal((await check(other.api_key)).kind, 'valid');
  });

  it('accepts a JSON body', async () => {
    const { token } = await agentToken(server.baseUrl);
    const res = await fetch(`${server.baseUrl}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    assert.equal(res.status, 200);
    assert.equal((await check(token)).kind, 'invalid');
  });

  it('§2.1: a missing token is invalid_request', async () => {
    const res = await revoke({});
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'invalid_request');
  });

  it('§2.1: a confidential client cannot revoke another client\'s token: refused (unauthorized_client), the token left alone', async () => {
    const { token } = await agentToken(server.baseUrl);
    const reg = (await (
      await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token_endpoint_auth_method: 'client_secret_post' }) })
    ).json()) as { client_id: string; client_secret: string };
    const res = await revoke({ token, client_id: reg.client_id, client_secret: reg.client_secret });
    // A 200 would tell the client the token is revoked (§2.2); §2.1 says the request is refused.
    assert.equal(res.status, 400);
    assert.equal(res.body.error, 'unauthorized_client');
    assert.equal(res.headers.get('cache-control'), 'no-store');
    assert.equal((await server.store.credentials.findByHash(credentialKey(token)))?.revoked_at, null);
    assert.equal((await check(token)).kind, 'valid');
  });

  it('wrong client credentials are invalid_client (401)', async () => {
    const { token, clientId } = await agentToken(server.baseUrl);
    const res = await revoke({ token, client_id: clientId, client_secret: 'guess' });
    assert.equal(res.status, 401);
    assert.equal(res.body.error, 'invalid_client');
  });
});
