import assert from 'node:assert/strict';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as TransportV1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';
import { call, textOf, type AnyClient } from './mcp-clients.js';

const INQUIRY = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a trip planner like the one you built.' };

/**
 * docs/design.md §3: `Sandbox-Scenario` rehearses a failure on sandbox writes, and MCP's
 * `submit_inquiry` with `sandbox: true` is one (auth.md). It was ignored there: a rehearsal of a
 * 429 answered a success, and a misspelt scenario went unnoticed.
 */
describe('Sandbox-Scenario on the MCP sandbox write (submit_inquiry with sandbox: true)', () => {
  let server: TestServer;
  let n = 0;
  const key = () => `mcp-scenario-${++n}`;
  const clients: AnyClient[] = [];

  /** An official SDK client whose every request carries the header, as an agent would configure it. */
  async function connect(era: 'v1' | 'v2', scenario: string): Promise<AnyClient> {
    const requestInit = { headers: { 'sandbox-scenario': scenario } };
    const url = new URL(`${server.baseUrl}/mcp`);
    const client = era === 'v1' ? new ClientV1({ name: 'scenario-v1', version: '1.0.0' }) : new ClientV2({ name: 'scenario-v2', version: '1.0.0' });
    await (client as ClientV1).connect(era === 'v1' ? new TransportV1(url, { requestInit }) : (new TransportV2(url, { requestInit }) as never));
    clients.push(client);
    return client;
  }
  const rawCall = (args: Record<string, unknown>, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'submit_inquiry', arguments: args } }),
    });

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    for (const client of clients) await client.close();
    await server.close();
  });

  for (const era of ['v1', 'v2'] as const) {
    it(`${era} SDK: in-band scenarios answer the real tool error; the header leaves other calls alone`, async () => {
      const real = await (await connect(era, 'validation_failed')).callTool({ name: 'submit_inquiry', arguments: { ...INQUIRY, email: 'ada@', message: 'Hi', idempotency_key: key(), sandbox: true } });
      for (const [scenario, code] of [['validation_failed', 'validation_failed'], ['conflict', 'idempotency_conflict'], ['internal_error', 'internal_error']] as const) {
        const client = await connect(era, scenario);
        const result = await call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: key(), sandbox: true });
        assert.equal(result.isError, true, `${scenario}: ${textOf(result)}`);
        assert.match(textOf(result), new RegExp(`^${code}: `));
        if (code === 'validation_failed') assert.equal(textOf(result), textOf(real as never), 'the words of a real invalid inquiry');
        // Only a sandbox submission rehearses: reads and a real submission are served as ever.
        assert.equal((await call(client, 'search_projects', { limit: 1 })).isError, undefined);
      }
      const before = await server.store.inquiries.count();
      const realWrite = await call(await connect(era, 'internal_error'), 'submit_inquiry', { ...INQUIRY, idempotency_key: key() });
      assert.equal(realWrite.structuredContent?.sandbox, false, textOf(realWrite));
      assert.equal(await server.store.inquiries.count(), before + 1);
    });

    it(`${era} SDK: rate_limited and invalid_token fail the call as the real HTTP answers do`, async () => {
      for (const [scenario, status, code] of [['rate_limited', 429, 'rate_limited'], ['invalid_token', 401, 'invalid_token']] as const) {
        const client = await connect(era, scenario);
        await assert.rejects(call(client, 'submit_inquiry', { ...INQUIRY, idempotency_key: key(), sandbox: true }), (error: Error) => {
          assert.match(String(error), new RegExp(`${status}|${code}`));
          return true;
        });
      }
    });
  }

  it('the HTTP answers have the real shape of /mcp (its policy, its challenge) and are marked', async () => {
    const args = { ...INQUIRY, idempotency_key: key(), sandbox: true };
    const limited = await rawCall(args, { 'sandbox-scenario': 'rate_limited' });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('sandbox-scenario'), 'rate_limited');
    assert.match(limited.headers.get('retry-after') ?? '', /^\d+$/);
    assert.match(limited.headers.get('ratelimit') ?? '', /^"mcp";r=0;t=\d+$/);
    assert.match(limited.headers.get('ratelimit-policy') ?? '', /^"mcp";q=\d+;w=\d+$/);
    assert.equal(((await limited.json()) as Problem).error, 'rate_limited');

    const rehearsed = await rawCall(args, { 'sandbox-scenario': 'invalid_token' });
    const real = await rawCall(args, { authorization: 'Bearer vt_at_stale' });
    assert.equal(rehearsed.status, 401);
    assert.equal(rehearsed.headers.get('sandbox-scenario'), 'invalid_token');
    assert.equal(rehearsed.headers.get('www-authenticate'), real.headers.get('www-authenticate'));
    const strip = (p: Problem) => ({ ...p, detail: undefined });
    assert.deepEqual(strip((await rehearsed.json()) as Problem), strip((await real.json()) as Problem));

    const inBand = await rawCall(args, { 'sandbox-scenario': 'validation_failed' });
    assert.equal(inBand.status, 200);
    assert.equal(inBand.headers.get('sandbox-scenario'), 'validation_failed', 'an in-band rehearsal is marked too');
  });

  it('an unknown scenario is refused with the REST 400, and nothing is rehearsed', async () => {
    const res = await rawCall({ ...INQUIRY, idempotency_key: key(), sandbox: true }, { 'sandbox-scenario': 'meteor_strike' });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('sandbox-scenario'), null);
    const problem = (await res.json()) as Problem & { valid_scenarios: string[] };
    assert.equal(problem.error, 'unknown_sandbox_scenario');
    assert.deepEqual(problem.valid_scenarios, ['rate_limited', 'invalid_token', 'internal_error', 'idempotency_conflict', 'validation_failed']);
  });
});
