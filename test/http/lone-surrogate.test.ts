import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loneSurrogateIn } from '../../src/lib/lone-surrogate.js';
import { skipWithoutPostgres } from '../helpers/postgres.js';
import type { Problem } from '../helpers/problem.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * A lone UTF-16 surrogate (`\ud83d` without its pair) is not text: both databases' drivers wrote
 * it as U+FFFD, so an inquiry was stored other than it was sent. src/lib/lone-surrogate.ts.
 */
describe('finding a lone surrogate in a JSON text (RFC 8259 §8.2)', () => {
  it('names where it is, and lets pairs and escaped backslashes be', () => {
    const cases: [string, string | undefined][] = [
      ['{"message":"hi \\ud83d"}', 'message'],
      ['{"message":"\\uDE00 hi"}', 'message'],
      ['{"a":{"b":["ok","\\ud800x"]}}', 'a.b[1]'],
      ['{"\\ud800":1}', '\\ud800 (name)'.replace('\\ud800', '\ud800')],
      ['"\\udbff"', '(value)'],
      ['{"message":"a pair \\ud83d\\ude00 is an emoji"}', undefined],
      ['{"message":"\\\\ud83d is a backslash and text"}', undefined],
      ['{"message":"plain 😀"}', undefined],
      ['{"message": not json \\ud83d', undefined],
    ];
    for (const [text, path] of cases) assert.equal(loneSurrogateIn(text), path, text);
  });
});

for (const dialect of ['postgres', 'sqlite'] as const) {
  describe(`a lone surrogate is refused, not stored as U+FFFD (${dialect})`, { skip: dialect === 'postgres' ? await skipWithoutPostgres() : false }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ dialect, env: { RATE_LIMITS_ENABLED: 'false' } });
    });
    after(async () => server.close());
    const post = (path: string, text: string, headers: Record<string, string> = {}) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });

    it('in an inquiry: a 400 naming the field, nothing stored; a surrogate pair sent escaped is stored as its character', async () => {
      const count = await server.store.inquiries.count();
      // JSON.stringify escapes a lone surrogate (ES2019 well-formed JSON.stringify), as clients do.
      const refused = await post('/api/v1/inquiries', JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A message long enough \ud83d to send.' }), { 'idempotency-key': `lone-${dialect}` });
      assert.equal(refused.status, 400);
      const problem = (await refused.json()) as Problem;
      assert.equal(problem.error, 'validation_failed');
      assert.deepEqual(problem.errors?.map((e) => e.path), ['message']);
      assert.match(problem.detail, /surrogate/);
      assert.equal(await server.store.inquiries.count(), count, 'nothing stored');

      const paired = await post('/api/v1/inquiries', '{"name":"Ada \\ud83d\\ude00","email":"ada@example.com","message":"A message long enough to send."}', { 'idempotency-key': `pair-${dialect}` });
      assert.equal(paired.status, 201);
      const { id } = (await paired.json()) as { id: string };
      const stored = await server.store.inquiries.get(id);
      assert.equal(stored?.name, 'Ada 😀');
    });

    it('in an MCP tool argument: an isError result naming it, nothing stored', async () => {
      const count = await server.store.inquiries.count();
      const args = { name: 'Ada', email: 'ada@example.com', message: 'Hello \udc00 there, a trip planner please.', idempotency_key: `lone-mcp-${dialect}` };
      const res = await post('/mcp', JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'submit_inquiry', arguments: args } }), { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' });
      assert.equal(res.status, 200);
      const result = ((await res.json()) as { result: { isError: boolean; content: { text: string }[] } }).result;
      assert.equal(result.isError, true);
      assert.match(result.content[0]!.text, /^validation_failed: .*surrogate[\s\S]*- message: not valid Unicode/);
      assert.equal(await server.store.inquiries.count(), count, 'nothing stored');
    });
  });
}
