import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('POST /oauth/register (RFC 7591)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const register = async (body: string, contentType = 'application/json') => {
    const res = await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  };

  it('registers a public client (§3.2.1) with the seed fields and no secret', async () => {
    const res = await register(JSON.stringify({ client_name: 'agent', token_endpoint_auth_method: 'none' }));
    assert.equal(res.status, 201);
    assert.match(String(res.body.client_id), /^vt_client_/);
    assert.equal(res.body.client_id_issued_at, Math.floor(server.clock.now() / 1000));
    assert.deepEqual(res.body.grant_types, ['client_credentials']);
    assert.equal(res.body.client_name, 'agent');
    assert.equal(res.body.token_endpoint_auth_method, 'none');
    assert.equal(res.body.scope, 'catalog:read inquiries:write sandbox:write');
    assert.equal('client_secret' in res.body, false);
    assert.equal(res.headers.get('cache-control'), 'no-store');
  });

  it('an omitted auth method registers a public client', async () => {
    const res = await register('{}');
    assert.equal(res.status, 201);
    assert.equal(res.body.token_endpoint_auth_method, 'none');
  });

  it('§3.2.1: echoes redirect_uris and logo_uri (then defaulting to the authorization_code grant) and ignores unknown metadata', async () => {
    const res = await register(JSON.stringify({ client_name: 'x', redirect_uris: ['https://a.example/cb'], logo_uri: 'https://a.example/l.png', software_id: 'abc' }));
    assert.equal(res.status, 201);
    assert.deepEqual(res.body.redirect_uris, ['https://a.example/cb']);
    assert.equal(res.body.logo_uri, 'https://a.example/l.png');
    assert.deepEqual(res.body.grant_types, ['authorization_code', 'refresh_token']);
    assert.equal('software_id' in res.body, false);
  });

  const badRedirects: [string, Record<string, unknown>][] = [
    ['an http redirect URI that is not loopback', { redirect_uris: ['http://a.example/cb'] }],
    ['a javascript: redirect URI', { redirect_uris: ['javascript:alert(1)//'] }],
    ['a redirect URI with a fragment', { redirect_uris: ['https://a.example/cb#x'] }],
    ['the authorization_code grant without redirect URIs', { grant_types: ['authorization_code'] }],
  ];
  for (const [name, body] of badRedirects) {
    it(`rejects ${name} with 400 invalid_redirect_uri (§3.2.2, RFC 8252 §7.3)`, async () => {
      const res = await register(JSON.stringify(body));
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_redirect_uri');
    });
  }

  it('RFC 8252 §7.3: accepts http redirect URIs on loopback addresses', async () => {
    const res = await register(JSON.stringify({ redirect_uris: ['http://127.0.0.1/cb', 'http://[::1]:8123/cb', 'http://localhost:3000/cb'] }));
    assert.equal(res.status, 201);
  });

  it('returns a confidential client secret once, with client_secret_expires_at 0', async () => {
    const res = await register(JSON.stringify({ token_endpoint_auth_method: 'client_secret_basic' }));
    assert.equal(res.status, 201);
    assert.match(String(res.body.client_secret), /^vt_cs_/);
    assert.equal(res.body.client_secret_expires_at, 0);
    const stored = await server.store.clients.get(String(res.body.client_id));
    assert.notEqual(stored?.secret_hash, res.body.client_secret);
    assert.match(String(stored?.secret_hash), /^[0-9a-f]{64}$/);
  });

  const invalid: [string, string, string, RegExp][] = [
    ['a non-JSON body', 'client_name=x', 'application/json', /not valid JSON/],
    ['a form-encoded body', 'client_name=x', 'application/x-www-form-urlencoded', /application\/json/],
    ['a JSON array', '[]', 'application/json', /JSON object/],
    ['client_name that is not a string', JSON.stringify({ client_name: 42 }), 'application/json', /client_name/],
    ['client_name over 200 characters', JSON.stringify({ client_name: 'x'.repeat(201) }), 'application/json', /200/],
    ['an unsupported auth method', JSON.stringify({ token_endpoint_auth_method: 'private_key_jwt' }), 'application/json', /private_key_jwt/],
    ['grant_types that is not an array', JSON.stringify({ grant_types: 'client_credentials' }), 'application/json', /grant_types/],
    ['an unsupported grant type', JSON.stringify({ grant_types: ['password'] }), 'application/json', /password/],
    ['refresh_token as the only grant type (no grant would ever issue a token)', JSON.stringify({ grant_types: ['refresh_token'] }), 'application/json', /refresh_token/],
    ['an unknown scope', JSON.stringify({ scope: 'admin' }), 'application/json', /admin/],
  ];
  for (const [name, body, type, mentions] of invalid) {
    it(`rejects ${name} with 400 invalid_client_metadata (§3.2.2)`, async () => {
      const res = await register(body, type);
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_client_metadata');
      assert.match(String(res.body.error_description), mentions);
    });
  }
});
