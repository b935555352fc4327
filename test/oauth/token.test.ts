import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestIssuer, postForm, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { registerClient } from '../helpers/tokens.js';
import { credentialKey, hashSecret } from '../../src/oauth/tokens.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

describe('POST /oauth/token (RFC 6749 §3.2, §4.4, §5)', () => {
  let server: TestServer;
  let idp: TestIssuer;
  let publicClient: string;

  before(async () => {
    idp = await createTestIssuer();
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry()]) } });
    publicClient = await registerClient(server.baseUrl);
  });
  after(async () => server.close());

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) => postForm(`${server.baseUrl}/oauth/token`, form, headers);
  const register = async (metadata: Record<string, unknown>) =>
    (await (await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(metadata) })).json()) as { client_id: string } & Record<string, string>;

  describe('RFC 6749 §5.1 success', () => {
    it('issues a vt_at_ bearer with the default scope and no-store caching', async () => {
      const res = await token({ grant_type: 'client_credentials', client_id: publicClient });
      assert.equal(res.status, 200);
      assert.match(String(res.body.access_token), /^vt_at_[A-Za-z0-9]{8}[A-Za-z0-9_-]{43}$/);
      assert.equal(res.body.token_type, 'Bearer');
      assert.equal(res.body.expires_in, 3600);
      assert.equal(res.body.scope, 'catalog:read inquiries:write sandbox:write');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('pragma'), 'no-cache');
    });

    it('grants a requested subset of scopes, in canonical order', async () => {
      const res = await token({ grant_type: 'client_credentials', client_id: publicClient, scope: 'sandbox:write catalog:read' });
      assert.equal(res.body.scope, 'catalog:read sandbox:write');
    });

    it('the token expires after expires_in seconds (401 invalid_token afterwards)', async () => {
      const { body } = await token({ grant_type: 'client_credentials', client_id: publicClient });
      const write = () =>
        fetch(`${server.baseUrl}/api/v1/sandbox/inquiries`, {
          method: 'POST',
          headers: { authorization: `Bearer ${String(body.access_token)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Expiry check, ten chars.' }),
        });
      assert.equal((await write()).status, 201);
      server.clock.advance(3600 * 1000);
      assert.equal((await write()).status, 401);
    });
  });

  describe('an access token leads with the time it was issued (RFC 9562 §5.7 layout), and so does its stored key', () => {
    const issue = async () => String((await token({ grant_type: 'client_credentials', client_id: publicClient })).body.access_token);
    const bearerCheck = async (value: string) => (await fetch(`${server.baseUrl}/api/v1/inquiries/inq_none`, { headers: { authorization: `Bearer ${value}` } })).status;

    it('stores only its time digits and its hash, under which the token is found; tokens issued later sort after', async () => {
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) {
        tokens.push(await issue());
        server.clock.advance(1);
      }
      const keys = tokens.map((t) => credentialKey(t));
      for (const [i, key] of keys.entries()) {
        assert.equal(key, tokens[i]!.slice(6, 14) + hashSecret(tokens[i]!));
        assert.ok(!key.includes(tokens[i]!.slice(14)), 'no part of the secret is stored');
        const record = await server.store.credentials.findByHash(key);
        assert.equal(record?.kind, 'access_token');
        assert.equal(record?.created_at, server.clock.now() - (tokens.length - i));
      }
      assert.deepEqual([...keys].sort(), keys);
      assert.deepEqual([...tokens].sort(), tokens);
    });

    it('is accepted as a bearer and revoked through that key (RFC 7009); a token of the earlier form (no time) still is too', async () => {
      const fresh = await issue();
      assert.equal(await bearerCheck(fresh), 404, 'a valid bearer reaches the route');
      // An access token minted before its time led it: 32 random bytes, stored under its plain hash.
      const legacy = `vt_at_${Buffer.alloc(32, 7).toString('base64url')}`;
      const now = server.clock.now();
      await server.store.credentials.insert({ hash: hashSecret(legacy), kind: 'access_token', client_id: publicClient, scope: 'catalog:read inquiries:write sandbox:write', identity_type: 'anonymous', subject: null, created_at: now, expires_at: now + 3_600_000, revoked_at: null, resource: null, grant_id: null });
      assert.equal(credentialKey(legacy), hashSecret(legacy));
      assert.equal(await bearerCheck(legacy), 404);
      for (const value of [fresh, legacy]) {
        assert.equal((await postForm(`${server.baseUrl}/oauth/revoke`, { token: value, client_id: publicClient })).status, 200);
        assert.equal(await bearerCheck(value), 401, 'revoked');
      }
    });
  });

  describe('RFC 6749 §5.2 errors', () => {
    it('invalid_request when grant_type is missing', async () => {
      const res = await token({ client_id: publicClient });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_request');
      assert.equal(typeof res.body.error_description, 'string');
    });

    it('invalid_request when a parameter is repeated (§3.2)', async () => {
      const res = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams([['grant_type', 'client_credentials'], ['client_id', publicClient], ['client_id', publicClient]]) });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_request');
    });

    it('invalid_request when a parameter is repeated with an empty value first (§3.2: never more than once, whatever the order)', async () => {
      const forms = {
        client_id: [['grant_type', 'client_credentials'], ['client_id', ''], ['client_id', publicClient]],
        scope: [['grant_type', 'client_credentials'], ['client_id', publicClient], ['scope', ''], ['scope', 'catalog:read']],
      };
      for (const [name, form] of Object.entries(forms)) {
        const res = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams(form) });
        const body = (await res.json()) as { error: string; error_description: string; access_token?: string };
        assert.equal(res.status, 400, `${name}: ${JSON.stringify(body)}`);
        assert.equal(body.error, 'invalid_request');
        assert.match(body.error_description, new RegExp(`'${name}' parameter is repeated`));
        assert.equal(body.access_token, undefined);
      }
    });

    it('invalid_target, not invalid_request, for several resource parameters (RFC 8707 §2 allows them; one token serves one)', async () => {
      const res = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams([['grant_type', 'client_credentials'], ['client_id', publicClient], ['resource', server.baseUrl], ['resource', `${server.baseUrl}/mcp`]]) });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_target');
    });

    it('accepts the parameters as a JSON object too, for agents that send JSON by default', async () => {
      const res = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: publicClient }) });
      assert.equal(res.status, 200);
      assert.match(((await res.json()) as { access_token: string }).access_token, /^vt_at_/);
    });

    it('invalid_request when the body is neither form-encoded nor JSON', async () => {
      const res = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'grant_type=client_credentials' });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_request');
    });

    it('unsupported_grant_type for password', async () => {
      const res = await token({ grant_type: 'password', client_id: publicClient, username: 'a', password: 'b' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'unsupported_grant_type');
    });

    it('invalid_client (401, no Basic challenge) for an unknown client_id', async () => {
      const res = await token({ grant_type: 'client_credentials', client_id: 'vt_client_unknown' });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
      assert.equal(res.headers.get('www-authenticate'), null);
    });

    it('invalid_client when no client is identified at all', async () => {
      const res = await token({ grant_type: 'client_credentials' });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
    });

    it('invalid_client with a Basic challenge when Basic credentials are wrong', async () => {
      const c = await register({ token_endpoint_auth_method: 'client_secret_basic' });
      const res = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${c.client_id}:nope`).toString('base64')}` });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
      assert.match(String(res.headers.get('www-authenticate')), /^Basic realm="vitrine"/);
    });

    it('a public client may name itself in HTTP Basic with an empty password (requests-oauthlib, Go x/oauth2), not with a secret', async () => {
      const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${publicClient}:${secret}`).toString('base64')}` });
      const ok = await token({ grant_type: 'client_credentials' }, basic(''));
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.scope, 'catalog:read inquiries:write sandbox:write');
      const refused = await token({ grant_type: 'client_credentials' }, basic('a-secret'));
      assert.equal(refused.status, 401);
      assert.equal(refused.body.error, 'invalid_client');
      // A confidential client's empty password is a wrong secret, not an identification.
      const c = await register({ token_endpoint_auth_method: 'client_secret_basic' });
      const empty = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${c.client_id}:`).toString('base64')}` });
      assert.equal(empty.status, 401);
      assert.equal(empty.body.error, 'invalid_client');
    });

    it('invalid_client when a confidential client omits its secret', async () => {
      const c = await register({ token_endpoint_auth_method: 'client_secret_post' });
      const res = await token({ grant_type: 'client_credentials', client_id: c.client_id });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
    });

    it('invalid_client when a client uses a method other than the one it registered', async () => {
      const c = await register({ token_endpoint_auth_method: 'client_secret_post' });
      const res = await token({ grant_type: 'client_credentials' }, { authorization: `Basic ${Buffer.from(`${c.client_id}:${c.client_secret}`).toString('base64')}` });
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_client');
    });

    it('invalid_scope for an unknown scope', async () => {
      const res = await token({ grant_type: 'client_credentials', client_id: publicClient, scope: 'admin' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_scope');
    });

    it('invalid_scope for more than the client registered', async () => {
      const c = await register({ scope: 'sandbox:write' });
      const res = await token({ grant_type: 'client_credentials', client_id: c.client_id, scope: 'inquiries:write' });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_scope');
    });

    it('unauthorized_client for a grant the client did not register', async () => {
      const jag = await idp.sign({ aud: server.baseUrl, sub: 'u', client_id: publicClient }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      const res = await token({ grant_type: JWT_BEARER, client_id: publicClient, assertion: jag });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'unauthorized_client');
    });
  });

  describe('RFC 7523 jwt-bearer grant with an ID-JAG', () => {
    it('issues an identity_assertion token to the client the ID-JAG names', async () => {
      const c = await register({ grant_types: [JWT_BEARER] });
      const jag = await idp.sign({ aud: server.baseUrl, sub: 'u-7', client_id: c.client_id }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      const res = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag });
      assert.equal(res.status, 200);
      assert.equal(res.body.scope, 'catalog:read inquiries:write sandbox:write');
    });

    it('invalid_grant when the ID-JAG names another client', async () => {
      const c = await register({ grant_types: [JWT_BEARER] });
      const jag = await idp.sign({ aud: server.baseUrl, sub: 'u-7', client_id: publicClient }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      const res = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_grant');
      assert.equal(res.body.access_token, undefined);
    });

    it('a request refused with invalid_scope spends nothing: the same ID-JAG is then redeemed (RFC 6749 §5.2)', async () => {
      const c = await register({ grant_types: [JWT_BEARER] });
      const jag = await idp.sign({ aud: server.baseUrl, sub: 'u-7', client_id: c.client_id, scope: 'catalog:read' }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      const beyond = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag, scope: 'sandbox:write' });
      assert.equal(beyond.status, 400);
      assert.equal(beyond.body.error, 'invalid_scope');
      const retried = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag });
      assert.equal(retried.status, 200, JSON.stringify(retried.body));
      assert.equal(retried.body.scope, 'catalog:read');
      const replayed = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag });
      assert.equal(replayed.body.error, 'invalid_grant', 'still single use once redeemed');
    });

    it('invalid_grant for an ID-JAG bound to a key (cnf): no DPoP proof is checked here, so it is never served as a plain bearer', async () => {
      const c = await register({ grant_types: [JWT_BEARER] });
      const jag = await idp.sign({ aud: server.baseUrl, sub: 'u-7', client_id: c.client_id, cnf: { jkt: '0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I' } }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      const res = await token({ grant_type: JWT_BEARER, client_id: c.client_id!, assertion: jag });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_grant');
      assert.match(String(res.body.error_description), /cnf/);
      assert.equal(res.body.access_token, undefined);
    });

    it('invalid_request when the assertion is missing', async () => {
      const c = await register({ grant_types: [JWT_BEARER] });
      const res = await token({ grant_type: JWT_BEARER, client_id: c.client_id! });
      assert.equal(res.status, 400);
      assert.equal(res.body.error, 'invalid_request');
    });
  });
});
