import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const ACCEPT = 'application/json, text/event-stream';

interface RpcResponse {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

function rpc(baseUrl: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const initialize = (protocolVersion: string, id = 1) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-fetch', version: '1.0.0' } },
});

describe('POST /mcp as plain JSON-RPC over fetch (seed §4.7)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  for (const version of ['2025-06-18', '2025-11-25']) {
    it(`serves the seed's sequence initialize → notifications/initialized → tools/list at ${version}, as JSON`, async () => {
      const init = await rpc(server.baseUrl, initialize(version));
      assert.equal(init.status, 200);
      assert.match(init.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(init.headers.get('mcp-session-id'), null, 'stateless: no session is minted');
      const initBody = (await init.json()) as RpcResponse;
      assert.equal(initBody.id, 1);
      assert.equal(initBody.result?.protocolVersion, version);
      assert.deepEqual((initBody.result?.serverInfo as { name: string }).name, 'vitrine');
      assert.deepEqual((initBody.result?.capabilities as Record<string, unknown>).tools, { listChanged: false }, 'a fixed tool list: no list_changed notifications to wait for');
      assert.match(String(initBody.result?.instructions), /auth\.md/);

      const headers = { 'mcp-protocol-version': version };
      const initialized = await rpc(server.baseUrl, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      assert.equal(initialized.status, 202);
      assert.equal(await initialized.text(), '');

      const list = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
      assert.equal(list.status, 200);
      assert.match(list.headers.get('content-type') ?? '', /^application\/json/);
      const listBody = (await list.json()) as RpcResponse;
      assert.equal(listBody.id, 2);
      const names = (listBody.result?.tools as { name: string }[]).map((t) => t.name).sort();
      assert.deepEqual(names, ['get_project', 'get_studio', 'list_facets', 'search_projects', 'submit_inquiry']);
    });
  }

  it('counter-offers 2025-11-25 to an initialize asking for a version older than 2025-06-18 (no structuredContent there), and refuses it as a header', async () => {
    for (const old of ['2025-03-26', '2024-11-05']) {
      const init = (await (await rpc(server.baseUrl, initialize(old))).json()) as RpcResponse;
      assert.equal(init.result?.protocolVersion, '2025-11-25', old);
      const list = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': old });
      assert.equal(list.status, 400, old);
    }
  });

  it('refuses a JSON-RPC batch with -32600 (2025-06-18 transports: one message per POST)', async () => {
    for (const version of ['2025-11-25', '2026-07-28']) {
      const res = await rpc(server.baseUrl, [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { jsonrpc: '2.0', id: 2, method: 'ping' }], { 'mcp-protocol-version': version });
      assert.equal(res.status, 400);
      const body = (await res.json()) as RpcResponse;
      assert.equal(body.error?.code, -32600);
      assert.equal(body.id, null);
    }
  });

  it('also answers a client that accepts only application/json (or sends no Accept) instead of 406', async () => {
    const jsonOnly = await rpc(server.baseUrl, initialize('2025-06-18'), { accept: 'application/json' });
    assert.equal(jsonOnly.status, 200);
    assert.equal(((await jsonOnly.json()) as RpcResponse).result?.protocolVersion, '2025-06-18');
    const res = await fetch(`${server.baseUrl}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }) });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as RpcResponse).id, 3);
  });

  it('calls a tool in one stateless POST (2025 era) and returns structuredContent with a text copy', async () => {
    const res = await rpc(
      server.baseUrl,
      { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'search_projects', arguments: { q: 'trip planner', limit: 1 } } },
      { 'mcp-protocol-version': '2025-11-25' },
    );
    assert.equal(res.status, 200);
    const result = ((await res.json()) as RpcResponse).result as { structuredContent: { projects: { slug: string }[] }; content: { text: string }[] };
    assert.equal(result.structuredContent.projects[0]?.slug, 'atlas-regional-trip-planner');
    assert.deepEqual(JSON.parse(result.content[0]!.text), result.structuredContent);
  });

  describe('2026-07-28: per-request _meta, no handshake', () => {
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const modern = (method: string, params: Record<string, unknown> = {}, name?: string) =>
      rpc(server.baseUrl, { jsonrpc: '2.0', id: 'm1', method, params: { ...params, _meta: meta } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) });

    it('server/discover names the supported versions, the tools capability, identity and instructions', async () => {
      const res = await modern('server/discover');
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      const result = ((await res.json()) as RpcResponse).result!;
      assert.ok((result.supportedVersions as string[]).includes('2026-07-28'));
      assert.ok((result.capabilities as Record<string, unknown>).tools);
      assert.equal(((result._meta as Record<string, { name: string }>)['io.modelcontextprotocol/serverInfo'])?.name, 'vitrine');
      assert.match(String(result.instructions), /sandbox/);
    });

    it('tools/call works as a single request with the Mcp-Method and Mcp-Name headers', async () => {
      const res = await modern('tools/call', { name: 'get_project', arguments: { slug: 'atlas-regional-trip-planner' } }, 'get_project');
      assert.equal(res.status, 200);
      const result = ((await res.json()) as RpcResponse).result as { structuredContent: { slug: string } };
      assert.equal(result.structuredContent.slug, 'atlas-regional-trip-planner');
    });

    it('an unsupported protocol version is a JSON-RPC error listing the supported ones (versioning §"Protocol Version Negotiation")', async () => {
      const res = await rpc(
        server.baseUrl,
        { jsonrpc: '2.0', id: 9, method: 'server/discover', params: { _meta: { ...meta, 'io.modelcontextprotocol/protocolVersion': '2099-01-01' } } },
        { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'server/discover' },
      );
      assert.equal(res.status, 400);
      const body = (await res.json()) as RpcResponse;
      assert.equal(body.error?.code, -32022);
      assert.ok(((body.error?.data as { supported: string[] }).supported).includes('2026-07-28'));
    });

    it('a JSON-RPC response or error POSTed under 2026-07-28 is an Invalid Request (-32600), not a claim that 2026-07-28 is unsupported', async () => {
      for (const message of [{ jsonrpc: '2.0', id: 9, result: {} }, { jsonrpc: '2.0', id: 9, error: { code: -1, message: 'x' } }]) {
        const res = await rpc(server.baseUrl, message, { 'mcp-protocol-version': '2026-07-28' });
        assert.equal(res.status, 400);
        const body = (await res.json()) as RpcResponse;
        assert.equal(body.error?.code, -32600, JSON.stringify(body));
        assert.doesNotMatch(body.error?.message ?? '', /Unsupported protocol version/);
      }
    });

    it('a future version whose _meta this revision would not accept is still -32022 (not -32602), naming every version served, its id echoed', async () => {
      // A 2027 client's envelope may lack what 2026-07-28 requires (here clientCapabilities).
      const future = { 'io.modelcontextprotocol/protocolVersion': '2027-03-01', 'io.modelcontextprotocol/clientInfo': { name: 'c', version: '1' } };
      const res = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { _meta: future } }, { 'mcp-protocol-version': '2027-03-01', 'mcp-method': 'tools/list' });
      assert.equal(res.status, 400);
      const body = (await res.json()) as RpcResponse;
      assert.equal(body.id, 5);
      assert.equal(body.error?.code, -32022, JSON.stringify(body));
      assert.deepEqual(body.error?.data, { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '2027-03-01' });
    });
  });

  describe('protocol failures are JSON-RPC errors', () => {
    it('a handshake-era message with an unsupported MCP-Protocol-Version header: 400, its id, every version served to choose from', async () => {
      for (const message of [{ jsonrpc: '2.0', id: 42, method: 'tools/list' }, { jsonrpc: '2.0', id: 'x', method: 'tools/call', params: { name: 'search_projects', arguments: {} } }]) {
        const res = await rpc(server.baseUrl, message, { 'mcp-protocol-version': '1900-01-01' });
        assert.equal(res.status, 400);
        const body = (await res.json()) as RpcResponse;
        assert.equal(body.id, message.id, 'JSON-RPC 2.0 §5: the request id, which could be read');
        assert.equal(body.error?.code, -32022);
        assert.deepEqual(body.error?.data, { supported: ['2026-07-28', '2025-11-25', '2025-06-18'], requested: '1900-01-01' });
      }
      // initialize negotiates in its body: an old or unknown version there gets the counter-offer, not an error.
      const init = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }, { 'mcp-protocol-version': '1900-01-01' });
      assert.equal(init.status, 200);
      assert.equal(((await init.json()) as RpcResponse).result?.protocolVersion, '2025-11-25');
    });

    it('the versions named to choose from are the ones server/discover and initialize serve', async () => {
      const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'raw-fetch', version: '1.0.0' }, 'io.modelcontextprotocol/clientCapabilities': {} };
      const discover = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: meta } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' });
      const modern = ((await discover.json()) as RpcResponse).result!.supportedVersions as string[];
      const served = [...modern];
      for (const version of ['2025-11-25', '2025-06-18', '2025-03-26']) {
        const init = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
        if (((await init.json()) as RpcResponse).result?.protocolVersion === version) served.push(version);
      }
      const refused = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': '1900-01-01' });
      assert.deepEqual((((await refused.json()) as RpcResponse).error?.data as { supported: string[] }).supported, served);
    });

    it('an unknown method → -32601', async () => {
      const res = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 5, method: 'no/such/method' }, { 'mcp-protocol-version': '2025-11-25' });
      const body = (await res.json()) as RpcResponse;
      assert.equal(body.id, 5);
      assert.equal(body.error?.code, -32601);
    });

    it('malformed JSON → 400 with -32700', async () => {
      const res = await rpc(server.baseUrl, '{"jsonrpc": "2.0", "id": ');
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as RpcResponse).error?.code, -32700);
    });

    it('an unknown tool → an error naming the tool, never a crash', async () => {
      const res = await rpc(server.baseUrl, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'drop_tables', arguments: {} } }, { 'mcp-protocol-version': '2025-11-25' });
      const body = (await res.json()) as RpcResponse;
      const message = body.error?.message ?? JSON.stringify(body.result);
      assert.match(message, /drop_tables/);
    });
  });

  describe('HTTP rules around the endpoint', () => {
    for (const method of ['GET', 'DELETE']) {
      it(`${method} /mcp → 405 problem+json with Allow: POST, OPTIONS (stateless: no stream, no session)`, async () => {
        const res = await fetch(`${server.baseUrl}/mcp`, { method, headers: { accept: 'text/event-stream' } });
        assert.equal(res.status, 405);
        assert.equal(res.headers.get('allow'), 'POST, OPTIONS');
        assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
        assert.equal(((await res.json()) as { error: string }).error, 'method_not_allowed');
      });
    }

    it('a foreign Origin → 403 problem+json before anything else runs (DNS-rebinding protection)', async () => {
      const res = await rpc(server.baseUrl, initialize('2025-11-25'), { origin: 'https://evil.example' });
      assert.equal(res.status, 403);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.equal(((await res.json()) as { error: string }).error, 'origin_not_allowed');
    });

    it("the service's own origin is allowed", async () => {
      const res = await rpc(server.baseUrl, initialize('2025-11-25'), { origin: server.baseUrl });
      assert.equal(res.status, 200);
    });

    it('a stale bearer → 401 problem+json with the RFC 9728 challenge, never anonymous service', async () => {
      const res = await rpc(server.baseUrl, initialize('2025-11-25'), { authorization: 'Bearer vt_at_not-a-live-token' });
      assert.equal(res.status, 401);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/);
      const challenge = res.headers.get('www-authenticate') ?? '';
      assert.match(challenge, /^Bearer /);
      assert.match(challenge, /error="invalid_token"/);
      // RFC 9728 §3.1 / MCP 2025-11-25 authorization: the MCP endpoint's own (path-suffixed) metadata.
      assert.ok(challenge.includes(`resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource/mcp"`), challenge);
      // MCP 2025-11-25 authorization §"Scope Selection Strategy": the scopes to ask for, as the metadata lists them.
      const metadata = (await (await fetch(`${server.baseUrl}/.well-known/oauth-protected-resource/mcp`)).json()) as { scopes_supported: string[] };
      assert.ok(challenge.includes(`scope="${metadata.scopes_supported.join(' ')}"`), challenge);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid_token');
    });
  });
});

describe('POST /mcp with MCP_ALLOWED_ORIGINS', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { MCP_ALLOWED_ORIGINS: 'https://inspector.example' } });
  });
  after(async () => server.close());

  it('serves a configured browser origin and grants it CORS', async () => {
    const res = await rpc(server.baseUrl, initialize('2025-11-25'), { origin: 'https://inspector.example' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://inspector.example');
  });

  it('answers its CORS preflight with 204 and the requested headers', async () => {
    const res = await fetch(`${server.baseUrl}/mcp`, {
      method: 'OPTIONS',
      headers: { origin: 'https://inspector.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, mcp-protocol-version' },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://inspector.example');
    assert.match(res.headers.get('access-control-allow-headers') ?? '', /mcp-protocol-version/);
  });

  it('still refuses other origins', async () => {
    const res = await rpc(server.baseUrl, initialize('2025-11-25'), { origin: 'https://other.example' });
    assert.equal(res.status, 403);
  });
});
