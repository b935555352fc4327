import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth, Client, ClientCredentialsProvider, CrossAppAccessProvider, discoverAuthorizationServerMetadata, registerClient, StreamableHTTPClientTransport, type OAuthClientProvider } from '@modelcontextprotocol/client';
import { createTestIssuer, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Registers a confidential client (client_secret_basic) through the SDK's own registerClient, with
 * the metadata its machine providers send (`redirect_uris: []`); its parser needs the list echoed
 * (RFC 7591 §3.2.1).
 */
async function confidentialClient(baseUrl: string, grantTypes: string[]): Promise<{ client_id: string; client_secret: string }> {
  const metadata = await discoverAuthorizationServerMetadata(baseUrl);
  const info = await registerClient(baseUrl, { metadata, clientMetadata: { client_name: 'machine', redirect_uris: [], token_endpoint_auth_method: 'client_secret_basic', grant_types: grantTypes } });
  assert.deepEqual(info.redirect_uris, []);
  return { client_id: info.client_id, client_secret: info.client_secret! };
}

describe('the MCP SDK v2 machine-to-machine providers', () => {
  let server: TestServer;
  let idp: TestIssuer;

  before(async () => {
    idp = await createTestIssuer('https://idp.example.test');
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry(['id-jag'])]) } });
  });
  after(async () => server?.close());

  /** auth() first (the endpoint also serves anonymous callers, so a 401 would never prompt it), then an attributed inquiry proves the token was used. */
  async function connectAndSend(provider: OAuthClientProvider, clientId: string, key: string): Promise<void> {
    const serverUrl = `${server.baseUrl}/mcp`;
    assert.equal(await auth(provider, { serverUrl }), 'AUTHORIZED');
    const tokens = await provider.tokens();
    assert.match(tokens!.access_token, /^vt_at_/);
    const client = new Client({ name: 'machine', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    try {
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'search_projects'));
      const result = await client.callTool({ name: 'submit_inquiry', arguments: { name: 'Bot', email: 'bot@client.example', message: 'Sent by a machine client over MCP.', idempotency_key: key } });
      assert.equal(result.isError, undefined, JSON.stringify(result));
      const stored = await server.store.inquiries.get(String((result.structuredContent as { id: string }).id));
      assert.equal(stored?.client_id, clientId, 'attributed to the provider\'s client');
    } finally {
      await client.close();
    }
  }

  it('ClientCredentialsProvider connects, lists tools and sends an attributed inquiry', async () => {
    const registered = await confidentialClient(server.baseUrl, ['client_credentials']);
    const provider = new ClientCredentialsProvider({ clientId: registered.client_id, clientSecret: registered.client_secret, expectedIssuer: server.baseUrl });
    await connectAndSend(provider, registered.client_id, 'cc-1');
  });

  it('CrossAppAccessProvider exchanges an ID-JAG from the test issuer (jwt-bearer) and connects', async () => {
    const registered = await confidentialClient(server.baseUrl, ['urn:ietf:params:oauth:grant-type:jwt-bearer']);
    let seen: { authorizationServerUrl: string; resourceUrl: string } | undefined;
    const provider = new CrossAppAccessProvider({
      clientId: registered.client_id,
      clientSecret: registered.client_secret,
      expectedIssuer: server.baseUrl,
      assertion: async (ctx) => {
        seen = ctx;
        return idp.sign({ aud: ctx.authorizationServerUrl, sub: 'employee-7', client_id: registered.client_id, resource: ctx.resourceUrl }, { nowMs: server.clock.now(), typ: 'oauth-id-jag+jwt' });
      },
    });
    await connectAndSend(provider, registered.client_id, 'xaa-1');
    assert.equal(seen?.authorizationServerUrl.replace(/\/$/, ''), server.baseUrl);
    assert.equal(seen?.resourceUrl, `${server.baseUrl}/mcp`);
  });
});
