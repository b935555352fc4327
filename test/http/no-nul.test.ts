import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { skipWithoutPostgres } from '../helpers/postgres.js';
import type { Problem } from '../helpers/problem.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * U+0000 cannot be stored in PostgreSQL's text: before the guard (src/http/middleware/no-nul.ts)
 * a slug, a filter, an inquiry field, a client_id or a client name holding one was a 500 there.
 * Every surface now refuses it with its own 400, on both dialects alike.
 */
for (const dialect of ['postgres', 'sqlite'] as const) {
  describe(`requests holding U+0000 are a 400, never a 500 (${dialect})`, { skip: dialect === 'postgres' ? await skipWithoutPostgres() : false }, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ dialect, env: { RATE_LIMITS_ENABLED: 'false' } });
    });
    after(async () => server.close());
    const url = (path: string) => `${server.baseUrl}${path}`;
    const json = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(url(path), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

    it('in the request target: a problem naming (url), or an HTML page for a browser', async () => {
      for (const path of ['/api/v1/projects/ab%00c', '/api/v1/projects?tag=web%00', '/api/v1/projects?q=a%00b']) {
        const res = await fetch(url(path));
        assert.equal(res.status, 400, path);
        const problem = (await res.json()) as Problem;
        assert.equal(problem.error, 'validation_failed', path);
        assert.deepEqual(problem.errors?.map((e) => e.path), ['(url)'], path);
      }
      const page = await fetch(url('/projects/ab%00c'), { headers: { accept: 'text/html' } });
      assert.equal(page.status, 400);
      assert.match(page.headers.get('content-type') ?? '', /^text\/html/);
    });

    it('in an inquiry: a problem naming (body), and nothing stored; an escaped backslash before "u0000" is plain text', async () => {
      const before = await server.store.inquiries.count();
      const refused = await json('/api/v1/inquiries', { name: 'Ada\u0000', email: 'ada@example.com', message: 'A message long enough to send.' }, { 'idempotency-key': `nul-${dialect}` });
      assert.equal(refused.status, 400);
      assert.deepEqual(((await refused.json()) as Problem).errors?.map((e) => e.path), ['(body)']);
      assert.equal(await server.store.inquiries.count(), before);
      const literal = await json('/api/v1/inquiries', { name: 'Ada \\u0000', email: 'ada@example.com', message: 'A message long enough to send.' });
      assert.equal(literal.status, 201);
      assert.equal(((await literal.json()) as { name: string }).name, 'Ada \\u0000');
    });

    it('on the authorization server: RFC 6749 invalid_request, JSON or form; the consent page an HTML page', async () => {
      const register = await json('/oauth/register', { client_name: 'bot\u0000', token_endpoint_auth_method: 'none' });
      assert.equal(register.status, 400);
      assert.equal(((await register.json()) as { error: string }).error, 'invalid_request');
      const token = await fetch(url('/oauth/token'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials&client_id=cl%00x' });
      assert.equal(token.status, 400);
      assert.equal(((await token.json()) as { error: string }).error, 'invalid_request');
      // The consent page answers people: its own HTML error, whatever the Accept header.
      const consent = await fetch(url('/oauth/authorize?response_type=code&client_id=cl%00x&state=s'));
      assert.equal(consent.status, 400);
      assert.match(consent.headers.get('content-type') ?? '', /^text\/html/);
    });

    it('in a form, urlencoded or multipart: the HTML error page for a browser, and nothing stored', async () => {
      const before = await server.store.inquiries.count();
      const multipart = new FormData();
      multipart.set('name', 'Ada\u0000');
      multipart.set('email', 'ada@example.com');
      multipart.set('message', 'A message long enough to send.');
      for (const body of [new URLSearchParams({ name: 'Ada\u0000', email: 'ada@example.com', message: 'A message long enough to send.' }), multipart]) {
        const res = await fetch(url('/inquire'), { method: 'POST', redirect: 'manual', headers: { accept: 'text/html', origin: server.baseUrl }, body });
        assert.equal(res.status, 400, body.constructor.name);
        assert.match(res.headers.get('content-type') ?? '', /^text\/html/, body.constructor.name);
      }
      assert.equal(await server.store.inquiries.count(), before);
    });

    it('in an MCP message: JSON-RPC Invalid params (-32602) with the request id; in a tool argument, an isError result naming it', async () => {
      const mcp = (message: unknown) => json('/mcp', message, { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' });
      const res = await mcp({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: `${server.baseUrl}/projects/a\u0000b.md` } });
      assert.equal(res.status, 400);
      const body = (await res.json()) as { id: unknown; error: { code: number; message: string } };
      assert.equal(body.id, 7);
      assert.equal(body.error.code, -32602);
      assert.match(body.error.message, /U\+0000/);

      // MCP 2025-11-25 server/tools §"Error Handling": input validation errors are tool execution errors.
      const before = await server.store.inquiries.count();
      for (const [name, args, path] of [
        ['get_project', { slug: 'a\u0000b' }, 'slug'],
        ['search_projects', { q: 'x', tag: 'b\u0000' }, 'tag'],
        ['submit_inquiry', { name: 'Ada', email: 'ada@example.com', message: 'Hello\u0000 there, a trip planner please.', idempotency_key: 'nul-in-mcp-1' }, 'message'],
      ] as const) {
        const call = await mcp({ jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name, arguments: args } });
        assert.equal(call.status, 200, name);
        const result = ((await call.json()) as { result: { isError: boolean; content: { text: string }[] } }).result;
        assert.equal(result.isError, true, name);
        assert.match(result.content[0]!.text, new RegExp(`^validation_failed: .*U\\+0000[\\s\\S]*- ${path.replace(/[[\]]/g, '\\$&')}: must not contain U\\+0000`), name);
      }
      assert.equal(await server.store.inquiries.count(), before, 'nothing stored');
    });
  });
}
