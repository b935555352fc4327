import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * The tool surface is a contract with every agent that has cached it: names, descriptions,
 * annotations and schemas must change only on purpose. To accept a deliberate change, run
 *   UPDATE_MCP_SNAPSHOT=1 node --import tsx --test test/mcp/tools-snapshot.test.ts
 * and commit the updated tools-list.snapshot.json with the change that caused it.
 */
const SNAPSHOT = new URL('./tools-list.snapshot.json', import.meta.url);

interface Tool {
  name: string;
  title?: string;
  description?: string;
  annotations?: Record<string, unknown>;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

async function listTools(baseUrl: string, headers: Record<string, string>, params: Record<string, unknown> = {}): Promise<Tool[]> {
  const res = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params }),
  });
  assert.equal(res.status, 200);
  const tools = ((await res.json()) as { result: { tools: Tool[] } }).result.tools;
  return tools
    .map(({ name, title, description, annotations, inputSchema, outputSchema }) => ({ name, title, description, annotations, inputSchema, outputSchema }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

describe('tools/list is a stable, deliberate contract', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false });
  });
  after(async () => server.close());

  it('matches the committed snapshot exactly (names, titles, descriptions, annotations, schemas)', async () => {
    const tools = await listTools(server.baseUrl, { 'mcp-protocol-version': '2025-11-25' });
    if (process.env.UPDATE_MCP_SNAPSHOT === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(tools, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Tool[];
    assert.deepEqual(tools, expected);
  });

  it('sets all four annotation hints explicitly on every tool', async () => {
    const tools = await listTools(server.baseUrl, { 'mcp-protocol-version': '2025-11-25' });
    for (const tool of tools) {
      assert.deepEqual(Object.keys(tool.annotations ?? {}).sort(), ['destructiveHint', 'idempotentHint', 'openWorldHint', 'readOnlyHint'], tool.name);
      assert.ok(tool.title && tool.description && tool.outputSchema, tool.name);
    }
  });

  it('spells every nullable field as anyOf, never as a ["string","null"] type array (MCP Inspector --strict)', async () => {
    const tools = await listTools(server.baseUrl, { 'mcp-protocol-version': '2025-11-25' });
    const typeArrays: string[] = [];
    let anyOfNulls = 0;
    const walk = (node: unknown, where: string): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}[${i}]`));
      if (node === null || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (Array.isArray(schema.type)) typeArrays.push(where);
      if (Array.isArray(schema.anyOf) && schema.anyOf.some((b) => (b as { type?: string }).type === 'null')) anyOfNulls++;
      for (const [key, value] of Object.entries(schema)) if (key !== 'enum' && key !== 'const' && key !== 'default') walk(value, `${where}.${key}`);
    };
    for (const tool of tools) {
      walk(tool.inputSchema, `${tool.name}.inputSchema`);
      walk(tool.outputSchema, `${tool.name}.outputSchema`);
    }
    assert.deepEqual(typeArrays, []);
    assert.ok(anyOfNulls >= 3, 'the nullable fields (client, url, next_cursor, …) are still nullable');
  });

  it('serves the same tool surface to 2026-07-28 clients', async () => {
    const legacy = await listTools(server.baseUrl, { 'mcp-protocol-version': '2025-11-25' });
    const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'snapshot', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const modern = await listTools(server.baseUrl, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' }, { _meta: meta });
    assert.deepEqual(modern, legacy);
  });
});
