import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Found by fuzzing (`npm run fuzz -- --requests 4000 --seed 7` before issue 13 changed the
 * generated stream): a JSON-RPC 400 echoed an `id` of 1.5, which neither our contract nor
 * JSON-RPC 2.0 allows. Every answer here is also checked against /openapi.json (TestServer).
 */
describe('MCP: a message whose id is not a string, an integer or null', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const send = (id: unknown) =>
    fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }),
    });

  for (const id of [1.5, -0.25, 1e300, { a: 1 }, [1], true]) {
    it(`answers 400 Invalid Request with id null (JSON-RPC 2.0 §5) for id ${JSON.stringify(id)}`, async () => {
      const res = await send(id);
      assert.equal(res.status, 400);
      const body = (await res.json()) as { jsonrpc: string; id: unknown; error: { code: number } };
      assert.equal(body.jsonrpc, '2.0');
      assert.equal(body.id, null);
      assert.equal(body.error.code, -32600);
    });
  }

  it('still answers a string or integer id, echoing it', async () => {
    for (const id of ['req-1', 7]) {
      const res = await send(id);
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { id: unknown }).id, id);
    }
  });
});

describe('MCP: a message nested thousands of levels deep', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers 400 Invalid Request echoing its id, as REST refuses such a body, not 500', async () => {
    const depth = 20_000;
    const args = `{"q":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_projects","arguments":${args}}}`,
    });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { id: unknown; error: { code: number; message: string } };
    assert.equal(body.id, 3);
    assert.equal(body.error.code, -32600);
    assert.match(body.error.message, /deeper than 32 levels/);
  });
});
