import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as oauth from 'oauth4webapi';
import { consent } from '../helpers/consent.js';
import { MemoryOAuthProvider } from '../helpers/memory-oauth-provider.js';
import { startHttpsFixture, type HttpsFixture } from '../helpers/https-fixture.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const REDIRECT = 'http://127.0.0.1:7/callback';

/** A client that identifies with the URL of its metadata document (MCP 2025-11-25 authorization). */
const documentProvider = (clientMetadataUrl: string) =>
  new MemoryOAuthProvider(REDIRECT, { client_name: 'Document App', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }, clientMetadataUrl);

describe('client ID metadata documents (draft-ietf-oauth-client-id-metadata-document)', () => {
  let docs: HttpsFixture;
  let server: TestServer;
  let fetches = 0;
  const documents = new Map<string, { body: string; headers?: Record<string, string>; status?: number }>();

  before(async () => {
    docs = await startHttpsFixture((req, res) => {
      fetches++;
      const doc = documents.get(req.url ?? '');
      if (!doc) return res.writeHead(404).end();
      res.writeHead(doc.status ?? 200, { 'content-type': 'application/json', ...doc.headers }).end(doc.body);
    });
    server = await startTestServer({ env: { CIMD_ALLOW_PRIVATE: 'true', CIMD_CA_FILE: docs.certPath, RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => {
    await server?.close();
    await docs?.close();
  });

  const url = (path: string) => `${docs.origin}${path}`;
  const serve = (path: string, doc: Record<string, unknown> | string, headers?: Record<string, string>, status?: number) =>
    documents.set(path, { body: typeof doc === 'string' ? doc : JSON.stringify(doc), ...(headers ? { headers } : {}), ...(status ? { status } : {}) });
  const authorizeUrl = (clientId: string, redirect = REDIRECT) =>
    `${server.baseUrl}/oauth/authorize?` + new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirect, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 's1' });
  const pageFor = async (clientId: string, redirect?: string) => {
    const res = await fetch(authorizeUrl(clientId, redirect), { redirect: 'manual', headers: { accept: 'text/html' } });
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  };

  it('the MCP SDK v1 auth() uses the document URL as client_id, and the client lists tools and sends an inquiry', async () => {
    const clientId = url('/sdk-client.json');
    serve('/sdk-client.json', { client_id: clientId, client_name: 'Document App', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], token_endpoint_auth_method: 'none' });
    const provider = documentProvider(clientId);
    const serverUrl = `${server.baseUrl}/mcp`;
    assert.equal(await auth(provider, { serverUrl }), 'REDIRECT');
    assert.equal(provider.authorizationUrl!.searchParams.get('client_id'), clientId);
    assert.equal(provider.authorizationUrl!.searchParams.get('resource'), serverUrl);
    const back = await consent(server.baseUrl, provider.authorizationUrl!.href);
    assert.equal(await auth(provider, { serverUrl, authorizationCode: back.searchParams.get('code')! }), 'AUTHORIZED');
    const client = new Client({ name: 'doc-app', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }));
    try {
      assert.ok((await client.listTools()).tools.length > 0);
      const result = await client.callTool({ name: 'submit_inquiry', arguments: { name: 'Doc', email: 'doc@client.example', message: 'Sent by a metadata-document client.', idempotency_key: 'doc-1' } });
      assert.equal(result.isError, undefined, JSON.stringify(result));
      const stored = await server.store.inquiries.get(String((result.structuredContent as { id: string }).id));
      assert.equal(stored?.client_id, clientId);
    } finally {
      await client.close();
    }
  });

  it('§4.1: a document whose client_id differs from its URL is refused on a page, no redirect', async () => {
    serve('/liar.json', { client_id: url('/someone-else.json'), client_name: 'Liar', redirect_uris: [REDIRECT] });
    const page = await pageFor(url('/liar.json'));
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
    assert.match(page.html, /different client_id/);
  });

  it('the consent page links only a web client_uri: a javascript: one is dropped, an https one shown', async () => {
    serve('/script-link.json', { client_id: url('/script-link.json'), client_name: 'Link App', redirect_uris: [REDIRECT], client_uri: 'javascript:alert(document.domain)', logo_uri: 'http://logo.example/x.png' });
    const dropped = await pageFor(url('/script-link.json'));
    assert.equal(dropped.status, 200);
    assert.doesNotMatch(dropped.html, /javascript:/);
    assert.doesNotMatch(dropped.html, /logo\.example/, 'a logo only over https');
    serve('/web-link.json', { client_id: url('/web-link.json'), client_name: 'Web App', redirect_uris: [REDIRECT], client_uri: 'https://web-app.example/about' });
    const web = (await pageFor(url('/web-link.json'))).html;
    assert.match(web, /href="https:\/\/web-app\.example\/about"/);
    // Named by the document's host, which the application cannot choose (MCP 2025-11-25 authorization, "Trust Policies").
    assert.match(web, new RegExp(`It is identified by a description published at <strong>${new URL(url('/web-link.json')).host.replace(/\./g, '\\.')}</strong>`));
  });

  it('a document without client_name is refused (MCP 2026-07-28 client registration: a required field)', async () => {
    serve('/nameless.json', { client_id: url('/nameless.json'), redirect_uris: [REDIRECT] });
    const page = await pageFor(url('/nameless.json'));
    assert.equal(page.status, 400);
    assert.match(page.html, /needs a &quot;client_name&quot;|needs a "client_name"/);
  });

  it('a document over the 5 KiB cap is refused', async () => {
    serve('/big.json', { client_id: url('/big.json'), redirect_uris: [REDIRECT], padding: 'x'.repeat(6000) });
    const page = await pageFor(url('/big.json'));
    assert.equal(page.status, 400);
    assert.match(page.html, /larger than 5120 bytes/);
  });

  it('a redirect_uri that is not exactly in the document is refused (no loopback port leeway for documents either way)', async () => {
    serve('/exact.json', { client_id: url('/exact.json'), client_name: 'Exact', redirect_uris: ['https://app.example/cb'] });
    const page = await pageFor(url('/exact.json'), 'https://app.example/cb/other');
    assert.equal(page.status, 400);
    assert.equal(page.location, null);
  });

  it('a redirect answer is not followed', async () => {
    serve('/moved.json', '', { location: url('/sdk-client.json') }, 302);
    const page = await pageFor(url('/moved.json'));
    assert.equal(page.status, 400);
    assert.match(page.html, /HTTP 302/);
  });

  it('the cache honours max-age within bounds, and no-store is fetched every time', async () => {
    const cached = url('/cached.json');
    serve('/cached.json', { client_id: cached, client_name: 'Cached', redirect_uris: [REDIRECT] }, { 'cache-control': 'max-age=5' });
    const before = fetches;
    assert.equal((await pageFor(cached)).status, 200);
    assert.equal((await pageFor(cached)).status, 200);
    assert.equal(fetches, before + 1, 'served from the cache');
    server.clock.advance(30_000);
    assert.equal((await pageFor(cached)).status, 200);
    assert.equal(fetches, before + 1, 'max-age=5 is raised to the 60 s floor');
    server.clock.advance(31_000);
    await pageFor(cached);
    assert.equal(fetches, before + 2, 'fetched again after the floor');
    serve('/fresh.json', { client_id: url('/fresh.json'), client_name: 'Fresh', redirect_uris: [REDIRECT] }, { 'cache-control': 'no-store' });
    const n = fetches;
    await pageFor(url('/fresh.json'));
    await pageFor(url('/fresh.json'));
    assert.equal(fetches, n + 2);
  });

  it('oauth4webapi exchanges a code for a document client (public, PKCE)', async () => {
    const clientId = url('/o4w.json');
    serve('/o4w.json', { client_id: clientId, client_name: 'O4W', redirect_uris: [REDIRECT] });
    const as = await oauth.processDiscoveryResponse(new URL(server.baseUrl), await oauth.discoveryRequest(new URL(server.baseUrl), { algorithm: 'oauth2', [oauth.allowInsecureRequests]: true }));
    const verifier = oauth.generateRandomCodeVerifier();
    const authUrl = `${server.baseUrl}/oauth/authorize?` + new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const back = await consent(server.baseUrl, authUrl);
    const client = { client_id: clientId };
    const params = oauth.validateAuthResponse(as, client, back, oauth.skipStateCheck);
    const token = await oauth.processAuthorizationCodeResponse(as, client, await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, REDIRECT, verifier, { [oauth.allowInsecureRequests]: true }));
    assert.match(token.access_token, /^vt_at_/);
  });
});

describe('client ID metadata documents on private addresses without CIMD_ALLOW_PRIVATE', () => {
  it('are refused (SSRF): the consent page says so without naming the address, and nothing is redirected', async () => {
    const docs = await startHttpsFixture((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const server = await startTestServer({ env: { CIMD_CA_FILE: docs.certPath } });
    try {
      const res = await fetch(`${server.baseUrl}/oauth/authorize?` + new URLSearchParams({ response_type: 'code', client_id: `${docs.origin}/client.json`, redirect_uri: REDIRECT, code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256' }), { redirect: 'manual', headers: { accept: 'text/html' } });
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('location'), null);
      const page = await res.text();
      assert.match(page, /could not be fetched/);
      // Which address a name resolves to, or why a connection failed, is not told: a probe of the network.
      assert.doesNotMatch(page, /127\.0\.0\.1|public address|ECONN|ENOTFOUND/);
    } finally {
      await server.close();
      await docs.close();
    }
  });
});
