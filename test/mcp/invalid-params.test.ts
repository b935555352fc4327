import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const META_2026 = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'test', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };

describe('MCP requests whose params do not fit the method (JSON-RPC 2.0 §5.1)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(() => server.close());

  const rpc = async (version: '2025-11-25' | '2026-07-28', method: string, params: Record<string, unknown>) => {
    const modern = version === '2026-07-28';
    const res = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': version, ...(modern ? { 'mcp-method': method } : {}), ...(modern && typeof params.name === 'string' ? { 'mcp-name': params.name } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: modern ? { ...params, _meta: META_2026 } : params }),
    });
    return (await res.json()) as { id: unknown; result?: unknown; error?: { code: number; message: string } };
  };

  const cases: [string, Record<string, unknown>, string][] = [
    ['resources/read', {}, 'params.uri'],
    ['prompts/get', { arguments: {} }, 'params.name'],
    ['resources/list', { cursor: 5 }, 'params.cursor'],
    ['tools/list', { cursor: 5 }, 'params.cursor'],
    // The SDK's own -32602 for tools/call carried zod's issue list as multi-line JSON.
    ['tools/call', { arguments: {} }, 'params.name'],
    ['tools/call', { name: 'get_studio', arguments: [] }, 'params.arguments'],
  ];
  for (const version of ['2025-11-25', '2026-07-28'] as const) {
    for (const [method, params, field] of cases) {
      it(`${version} ${method} ${JSON.stringify(params)}: -32602 naming ${field}, in one line`, async () => {
        const answer = await rpc(version, method, params);
        assert.equal(answer.id, 7);
        assert.equal(answer.error?.code, -32602, JSON.stringify(answer));
        assert.match(answer.error!.message, new RegExp(`^Invalid params: ${field.replace('.', '\\.')}: `));
        assert.doesNotMatch(answer.error!.message, /\n|^\[/);
      });
    }
  }

  it('2025-11-25 initialize without capabilities or clientInfo: -32602 naming both', async () => {
    const answer = await rpc('2025-11-25', 'initialize', { protocolVersion: '2025-11-25' });
    assert.equal(answer.error?.code, -32602, JSON.stringify(answer));
    assert.match(answer.error!.message, /params\.capabilities: .*; params\.clientInfo: /);
  });

  it('params that fit are still served, and a missing prompt keeps its own -32602', async () => {
    const listed = await rpc('2025-11-25', 'tools/list', {});
    assert.ok(Array.isArray((listed.result as { tools?: unknown[] }).tools), JSON.stringify(listed));
    const missing = await rpc('2025-11-25', 'prompts/get', { name: 'no_such_prompt' });
    assert.equal(missing.error?.code, -32602);
    assert.doesNotMatch(missing.error!.message, /^Invalid params/);
  });
});
