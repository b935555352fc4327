import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { connectV1, connectV2, type AnyClient } from './mcp-clients.js';

/** The error an official client raises for a call, as code and message. */
async function refusal(run: () => Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await run();
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  assert.fail('the call was answered');
}

describe('MCP: an unknown tool or prompt is -32602 naming the ones there are (server/tools §Error Handling)', () => {
  let server: TestServer;
  const clients: [string, AnyClient][] = [];
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
    clients.push(['v1 SDK (2025-11-25)', await connectV1(server.baseUrl)], ['v2 SDK (2026-07-28)', await connectV2(server.baseUrl, 'auto')]);
  });
  after(async () => {
    for (const [, client] of clients) await client.close();
    await server.close();
  });

  it('names the tool a call likely meant, or lists every tool, in both eras', async () => {
    for (const [label, client] of clients) {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const guessed = await refusal(() => client.callTool({ name: 'search', arguments: { q: 'maps' } }));
      assert.equal(guessed.code, -32602, label);
      assert.match(guessed.message, new RegExp(`Unknown tool "search": did you mean search_projects\\? The tools are ${tools.join(', ')} \\(tools/list describes them\\)\\.`), `${label}: ${guessed.message}`);
      const unknown = await refusal(() => client.callTool({ name: 'delete_everything', arguments: {} }));
      assert.equal(unknown.code, -32602, label);
      assert.match(unknown.message, new RegExp(`Unknown tool "delete_everything": The tools are ${tools.join(', ')} `), `${label}: ${unknown.message}`);
    }
  });

  it('does the same for prompts, and leaves a known one working', async () => {
    for (const [label, client] of clients) {
      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      const missing = await refusal(() => client.getPrompt({ name: 'draft', arguments: {} }));
      assert.equal(missing.code, -32602, label);
      assert.match(missing.message, new RegExp(`Unknown prompt "draft": did you mean draft_inquiry\\? The prompts are ${prompts.join(', ')} \\(prompts/list describes them\\)\\.`), `${label}: ${missing.message}`);
      const served = await client.getPrompt({ name: 'find_similar_work', arguments: { need: 'a booking app for clinics' } });
      assert.ok(served.messages.length > 0, label);
    }
  });
});
