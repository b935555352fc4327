import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('OAuth preflight, discovery documents and /auth.md', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false', ACCESS_TOKEN_TTL_SECONDS: '1800' } });
  });
  after(async () => server.close());

  for (const path of ['/oauth/register', '/oauth/token', '/oauth/claim', '/oauth/revoke']) {
    it(`seed §4.13: OPTIONS ${path} is a 204 CORS preflight (with and without Access-Control-Request-Method)`, async () => {
      const preflight = await fetch(`${server.baseUrl}${path}`, {
        method: 'OPTIONS',
        headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST', 'only the method the endpoint serves');
      assert.match(String(preflight.headers.get('access-control-allow-headers')), /Authorization/i);
      assert.equal(preflight.headers.get('access-control-allow-credentials'), null);
      assert.equal(preflight.headers.get('allow'), 'POST, OPTIONS');
      const bare = await fetch(`${server.baseUrl}${path}`, { method: 'OPTIONS' });
      assert.equal(bare.status, 204);
      assert.equal(bare.headers.get('allow'), 'POST, OPTIONS', 'RFC 9110 §9.3.7');
    });
  }

  it('RFC 8414: authorization server metadata with agent_auth, the authorization endpoint, code, S256 and iss', async () => {
    const res = await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
    const m = (await res.json()) as Record<string, unknown>;
    const b = server.baseUrl;
    assert.equal(m.issuer, b);
    assert.deepEqual(m.grant_types_supported, ['authorization_code', 'refresh_token', 'client_credentials', 'urn:ietf:params:oauth:grant-type:jwt-bearer']);
    assert.deepEqual(m.token_endpoint_auth_methods_supported, ['none', 'client_secret_basic', 'client_secret_post']);
    assert.deepEqual(m.scopes_supported, ['catalog:read', 'inquiries:write', 'sandbox:write']);
    assert.deepEqual(m.code_challenge_methods_supported, ['S256']);
    assert.equal(m.service_documentation, `${b}/auth.md`);
    assert.equal(m.authorization_endpoint, `${b}/oauth/authorize`);
    assert.deepEqual(m.response_types_supported, ['code']);
    assert.equal(m.authorization_response_iss_parameter_supported, true, 'RFC 9207 §3');
    assert.equal(m.client_id_metadata_document_supported, true);
    // draft-ietf-oauth-identity-assertion-authz-grant "Resource Authorization Server Metadata": the
    // grant profile identifier (not the ID-JAG token type), with jwt-bearer among the grant types.
    assert.deepEqual(m.authorization_grant_profiles_supported, ['urn:ietf:params:oauth:grant-profile:id-jag']);
    assert.deepEqual(m.agent_auth, {
      skill: `${b}/auth.md`,
      register_uri: `${b}/oauth/register`,
      claim_uri: `${b}/oauth/claim`,
      revocation_uri: `${b}/oauth/revoke`,
      identity_types_supported: ['anonymous', 'identity_assertion'],
      anonymous: { credential_types_supported: ['api_key', 'access_token'], keys_uri: `${b}/api/v1/keys` },
      identity_assertion: {
        assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'],
        credential_types_supported: ['access_token'],
        claim_uri: `${b}/oauth/claim`,
      },
      authorization_uri: `${b}/oauth/authorize`,
      claim_endpoint: `${b}/oauth/claim`,
      assertion_types_supported: ['urn:ietf:params:oauth:token-type:id-jag', 'verified_email'],
      keys_endpoint: `${b}/api/v1/keys`,
      token_grant_for_id_jag: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      documentation: `${b}/auth.md`,
    });
  });

  it('RFC 9728: protected resource metadata at the root and path-suffixed for /mcp', async () => {
    const root = (await (await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource`)).json()) as Record<string, unknown>;
    assert.equal(root.resource, server.baseUrl);
    assert.deepEqual(root.authorization_servers, [server.baseUrl]);
    assert.deepEqual(root.bearer_methods_supported, ['header']);
    assert.equal(root.resource_documentation, `${server.baseUrl}/auth.md`);
    const mcp = (await (await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as Record<string, unknown>;
    assert.equal(mcp.resource, `${server.baseUrl}/mcp`);
  });

  it('/auth.md is Markdown built from this server\'s configuration', async () => {
    const res = await fetch(`${server.baseUrl}/auth.md`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/markdown; charset=utf-8');
    const text = await res.text();
    for (const needle of [
      `${server.baseUrl}/oauth/register`,
      `${server.baseUrl}/oauth/token`,
      `${server.baseUrl}/oauth/claim`,
      `${server.baseUrl}/oauth/revoke`,
      `${server.baseUrl}/api/v1/keys`,
      `${server.baseUrl}/api/v1/inquiries`,
      'grant_type=client_credentials',
      'Idempotency-Key',
      'Sandbox-Scenario',
      'validation_failed',
      'idempotency_conflict',
      'Sandbox-Scenario: <name>',
      'invalid_client',
      'invalid_grant',
      'invalid_token',
      'insufficient_scope',
      'Retry-After',
      '30 min (1800 s)', // ACCESS_TOKEN_TTL_SECONDS
      '24 h (86400 s)', // IDEMPOTENCY_TTL_SECONDS default
      `resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`,
    ]) {
      assert.ok(text.includes(needle), `auth.md mentions ${needle}`);
    }
    // The agent_auth block, as the metadata publishes it, in a JSON block of its own.
    const block = /## Agent registration[\s\S]*?```json\n([\s\S]*?)\n```/.exec(text);
    assert.ok(block, 'auth.md shows the agent_auth block');
    const metadata = (await (await fetch(`${server.baseUrl}/.well-known/oauth-authorization-server`)).json()) as { agent_auth: unknown };
    assert.deepEqual(JSON.parse(block[1]!), { agent_auth: metadata.agent_auth });
  });
});
