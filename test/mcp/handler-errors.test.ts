import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { startTestServer } from '../helpers/server.js';

describe('MCP resource and prompt handlers under a failing store', () => {
  it("answer a bland -32603 and log the cause; the database's words never reach the client", async () => {
    const logged: string[] = [];
    const sink = new Writable({ write: (chunk, _encoding, done) => (logged.push(String(chunk)), done()) });
    const server = await startTestServer({ contract: false, env: { RATE_LIMITS_ENABLED: 'false' }, deps: { logger: pino({ level: 'error' }, sink) } });
    const rpc = async (id: number, method: string, params: Record<string, unknown>) => {
      const res = await fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
      return (await res.json()) as { error?: { code: number; message: string } };
    };
    // A real failure of the real store: its connection is closed under the running server.
    await server.store.close();
    try {
      const answers = [
        await rpc(1, 'resources/read', { uri: `${server.baseUrl}/projects/never-read-before.md` }),
        await rpc(2, 'prompts/get', { name: 'draft_inquiry', arguments: { need: 'A booking site', project_slug: 'never-read-either' } }),
      ];
      for (const answer of answers) {
        assert.equal(answer.error?.code, -32603);
        assert.equal(answer.error?.message, 'Something went wrong on our side; retry later.');
      }
      assert.equal(logged.filter((line) => line.includes('mcp handler failed') && line.includes('not open')).length, 2, logged.join('\n'));
    } finally {
      await server.close().catch(() => {});
    }
  });
});
