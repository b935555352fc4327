import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, discoverAuthorizationServerMetadata, registerClient } from '@modelcontextprotocol/sdk/client/auth.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The official MCP SDK's own path for an agent without a person: dynamic registration of a
 * client_credentials client (the SDK sends `redirect_uris: []` and requires the list back, RFC
 * 7591 §3.2.1), then its ClientCredentialsProvider getting a token and calling a tool.
 */
describe('the MCP SDK v1 registers a client_credentials client and calls /mcp with its token', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  for (const method of ['none', 'client_secret_basic'] as const) {
    it(`registers (${method}) through the SDK's parser, which needs redirect_uris echoed`, async () => {
      const metadata = await discoverAuthorizationServerMetadata(server.baseUrl);
      assert.ok(metadata);
      const info = await registerClient(server.baseUrl, { metadata, clientMetadata: { client_name: 'sdk agent', redirect_uris: [], grant_types: ['client_credentials'], token_endpoint_auth_method: method } });
      assert.deepEqual(info.redirect_uris, []);
      assert.equal(info.token_endpoint_auth_method, method);
      if (method === 'none') return;

      const provider = new ClientCredentialsProvider({ clientId: info.client_id, clientSecret: info.client_secret!, expectedIssuer: server.baseUrl });
      assert.equal(await auth(provider, { serverUrl: `${server.baseUrl}/mcp` }), 'AUTHORIZED');
      const client = new Client({ name: 'sdk-agent', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${server.baseUrl}/mcp`), { authProvider: provider }));
      try {
        const result = await client.callTool({ name: 'submit_inquiry', arguments: { name: 'SDK Agent', email: 'agent@client.example', message: 'Sent with a client_credentials token.', idempotency_key: 'sdk-client-credentials-0001' } });
        assert.notEqual(result.isError, true, JSON.stringify(result));
        const stored = await server.store.inquiries.get(String((result.structuredContent as { id: string }).id));
        assert.equal(stored?.client_id, info.client_id, 'attributed to the registered client: the token was used');
      } finally {
        await client.close();
      }
    });
  }
});
