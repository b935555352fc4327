import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as oauth from 'oauth4webapi';
import { startTestServer, type TestServer } from '../helpers/server.js';

const insecure = { [oauth.allowInsecureRequests]: true } as const;

describe('a third-party OAuth client (oauth4webapi) end to end over real HTTP', () => {
  let server: TestServer;
  let as: oauth.AuthorizationServer;

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    const issuer = new URL(server.baseUrl);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
  });
  after(async () => server.close());

  const inquiry = (token: string | undefined, key: string) =>
    fetch(`${server.baseUrl}/api/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a catalog like this one.' }),
    });

  it('RFC 8414 discovery names our endpoints and the agent_auth block', () => {
    assert.equal(as.issuer, server.baseUrl);
    assert.equal(as.token_endpoint, `${server.baseUrl}/oauth/token`);
    assert.equal(as.registration_endpoint, `${server.baseUrl}/oauth/register`);
    assert.equal(as.revocation_endpoint, `${server.baseUrl}/oauth/revoke`);
    assert.deepEqual(as.code_challenge_methods_supported, ['S256']);
    const agentAuth = (as as Record<string, unknown>).agent_auth as Record<string, unknown>;
    assert.equal(agentAuth.register_uri, `${server.baseUrl}/oauth/register`);
    assert.deepEqual(agentAuth.identity_types_supported, ['anonymous', 'identity_assertion']);
  });

  it('public client: DCR → client_credentials → attributed write → revoke → 401 on the next write', async () => {
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(as, { client_name: 'oauth4webapi agent', token_endpoint_auth_method: 'none' }, insecure),
    );
    assert.match(client.client_id, /^vt_client_/);
    assert.equal(typeof client.client_id_issued_at, 'number');
    assert.deepEqual(client.grant_types, ['client_credentials']);
    assert.equal(client.client_secret, undefined);

    const token = await oauth.processClientCredentialsResponse(as, client, await oauth.clientCredentialsGrantRequest(as, client, oauth.None(), {}, insecure));
    assert.equal(token.token_type, 'bearer');
    assert.equal(token.scope, 'catalog:read inquiries:write sandbox:write');
    assert.equal(token.expires_in, 3600);

    const created = await inquiry(token.access_token, 'flow-1');
    assert.equal(created.status, 201);
    assert.equal(((await created.json()) as { client_id: string }).client_id, client.client_id);

    await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), token.access_token, insecure));
    const refused = await inquiry(token.access_token, 'flow-2');
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('content-type'), 'application/problem+json');
    assert.equal(refused.headers.get('www-authenticate'), `Bearer error="invalid_token", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
    assert.equal(((await refused.json()) as { error: string }).error, 'invalid_token');
  });

  for (const [method, auth] of [
    ['client_secret_basic', oauth.ClientSecretBasic],
    ['client_secret_post', oauth.ClientSecretPost],
  ] as const) {
    it(`confidential client with ${method}: the secret is returned once and authenticates the token request`, async () => {
      const client = await oauth.processDynamicClientRegistrationResponse(
        await oauth.dynamicClientRegistrationRequest(as, { client_name: `confidential ${method}`, token_endpoint_auth_method: method }, insecure),
      );
      assert.match(String(client.client_secret), /^vt_cs_/);
      assert.equal(client.client_secret_expires_at, 0);
      const token = await oauth.processClientCredentialsResponse(
        as,
        client,
        await oauth.clientCredentialsGrantRequest(as, client, auth(String(client.client_secret)), { scope: 'sandbox:write' }, insecure),
      );
      assert.equal(token.scope, 'sandbox:write');

      const wrong = await oauth.clientCredentialsGrantRequest(as, client, auth('vt_cs_wrong'), {}, insecure);
      assert.equal(wrong.status, 401);
      assert.equal(((await wrong.json()) as { error: string }).error, 'invalid_client');
      if (method === 'client_secret_basic') assert.match(String(wrong.headers.get('www-authenticate')), /^Basic realm=/);
      else assert.equal(wrong.headers.get('www-authenticate'), null);
    });
  }

  it('RFC 9728 discovery of the API and of the MCP endpoint (path-suffixed)', async () => {
    const api = new URL(server.baseUrl);
    const rs = await oauth.processResourceDiscoveryResponse(api, await oauth.resourceDiscoveryRequest(api, insecure));
    assert.deepEqual(rs.authorization_servers, [server.baseUrl]);
    assert.deepEqual(rs.bearer_methods_supported, ['header']);
    assert.deepEqual(rs.scopes_supported, ['catalog:read', 'inquiries:write', 'sandbox:write']);

    const mcp = new URL(`${server.baseUrl}/mcp`);
    const mcpRs = await oauth.processResourceDiscoveryResponse(mcp, await oauth.resourceDiscoveryRequest(mcp, insecure));
    assert.equal(mcpRs.resource, `${server.baseUrl}/mcp`);
  });
});
