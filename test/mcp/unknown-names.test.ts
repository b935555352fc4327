import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { call, textOf, useBothEras } from './mcp-clients.js';

/** The error an official client raises for a call, as code and message. */
async function refusal(run: () => Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await run();
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  assert.fail('the call was answered');
}

describe('MCP: an unknown tool, prompt or argument names the ones there are (server/tools §Error Handling)', () => {
  const suite = useBothEras();

  it('names the tool a call likely meant, or lists every tool, in both eras', async () => {
    for (const [label, client] of suite.clients) {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      const guessed = await refusal(() => client.callTool({ name: 'search', arguments: { q: 'maps' } }));
      assert.equal(guessed.code, -32602, label);
      assert.match(guessed.message, new RegExp(`Unknown tool "search": did you mean search_projects\\? The tools are ${tools.join(', ')} \\(tools/list describes them\\)\\.`), `${label}: ${guessed.message}`);
      const unknown = await refusal(() => client.callTool({ name: 'delete_everything', arguments: {} }));
      assert.equal(unknown.code, -32602, label);
      assert.match(unknown.message, new RegExp(`Unknown tool "delete_everything": The tools are ${tools.join(', ')} `), `${label}: ${unknown.message}`);
    }
  });

  it('a call with an unknown argument is an isError result naming the argument it likely meant', async () => {
    for (const [label, client] of suite.clients) {
      const refused = await call(client, 'search_projects', { query: 'maps', per_page: 2, colour: 'red' });
      assert.equal(refused.isError, true, label);
      const lines = textOf(refused).split('\n');
      assert.match(lines[0]!, /Unrecognized keys?: /, label);
      assert.deepEqual(lines.slice(1), [
        '- query: unknown argument (did you mean q?)',
        '- per_page: unknown argument (did you mean limit?)',
        '- colour: unknown argument (the arguments are q, tag, industry, service, technology, year, featured, sort, limit, cursor)',
      ], label);
      const guessed = await call(client, 'get_project', { slugs: 'atlas-regional-trip-planner' });
      assert.match(textOf(guessed), /\n- slugs: unknown argument \(did you mean slug\?\)$/, label);
      // Arguments that fit are served as before.
      assert.equal((await call(client, 'search_projects', { q: 'maps', limit: 2 })).isError, undefined, label);
    }
  });

  it('does the same for prompts, and leaves a known one working', async () => {
    for (const [label, client] of suite.clients) {
      const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
      const missing = await refusal(() => client.getPrompt({ name: 'draft', arguments: {} }));
      assert.equal(missing.code, -32602, label);
      assert.match(missing.message, new RegExp(`Unknown prompt "draft": did you mean draft_inquiry\\? The prompts are ${prompts.join(', ')} \\(prompts/list describes them\\)\\.`), `${label}: ${missing.message}`);
      const served = await client.getPrompt({ name: 'find_similar_work', arguments: { need: 'a booking app for clinics' } });
      assert.ok(served.messages.length > 0, label);
    }
  });
});
