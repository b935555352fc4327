import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

const run = promisify(execFile);
// The MCP Inspector's CLI (npm @modelcontextprotocol/inspector-cli, the Node 20 one), run as a user would.
const INSPECTOR = join(dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/package.json')), 'build', 'index.js');

async function inspect(baseUrl: string, ...args: string[]): Promise<Record<string, unknown>> {
  // The CLI looks for its own package.json relative to the working directory (inspector-cli
  // 1.0.3, build/index.js callMethod), so it runs from its build folder.
  const { stdout } = await run(process.execPath, [INSPECTOR, `${baseUrl}/mcp`, '--transport', 'http', ...args], { timeout: 60_000, cwd: dirname(INSPECTOR) });
  return JSON.parse(stdout) as Record<string, unknown>;
}

describe('MCP Inspector CLI lists tools, resources and prompts', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('tools/list: the five tools', async () => {
    const { tools } = (await inspect(server.baseUrl, '--method', 'tools/list')) as { tools: { name: string }[] };
    assert.deepEqual(tools.map((t) => t.name).sort(), ['get_project', 'get_studio', 'list_facets', 'search_projects', 'submit_inquiry']);
  });

  it('resources/list and resources/read: projects as Markdown', async () => {
    const { resources } = (await inspect(server.baseUrl, '--method', 'resources/list')) as { resources: { uri: string; mimeType: string }[] };
    assert.ok(resources.length > 20);
    assert.ok(resources.every((r) => r.mimeType === 'text/markdown'));
    const uri = `${server.baseUrl}/projects/atlas-regional-trip-planner.md`;
    const { contents } = (await inspect(server.baseUrl, '--method', 'resources/read', '--uri', uri)) as { contents: { text: string }[] };
    assert.match(contents[0]!.text, /^# Atlas Regional Trip Planner/);
  });

  it('prompts/list and prompts/get', async () => {
    const { prompts } = (await inspect(server.baseUrl, '--method', 'prompts/list')) as { prompts: { name: string }[] };
    assert.deepEqual(prompts.map((p) => p.name).sort(), ['draft_inquiry', 'find_similar_work']);
    const { messages } = (await inspect(server.baseUrl, '--method', 'prompts/get', '--prompt-name', 'find_similar_work', '--prompt-args', 'need=museum audio guide')) as { messages: { content: { text: string } }[] };
    assert.match(messages[0]!.content.text, /museum audio guide/);
  });
});
