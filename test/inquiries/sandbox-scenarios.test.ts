import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { idempotencyScopeKey, fingerprint } from '../../src/idempotency/key.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';
import { agentToken } from '../helpers/tokens.js';

const GOOD = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a booking platform like the one you built.' };

describe('POST /api/v1/sandbox/inquiries with Sandbox-Scenario (docs/design.md §3)', () => {
  let server: TestServer;
  let n = 0;
  const key = () => `key-${++n}-${Date.now()}`;
  const post = (body: unknown, headers: Record<string, string> = {}, path = '/api/v1/inquiries') =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS: JSON.stringify({ writes: { q: 10_000, w: 60 } }) } });
  });
  after(async () => {
    await server.close();
  });

  describe('Sandbox-Scenario rehearsals answer in the real shape', () => {
    const scenario = (name: string, headers: Record<string, string> = {}) => post(GOOD, { 'sandbox-scenario': name, ...headers }, '/api/v1/sandbox/inquiries');
    const strip = (p: Problem) => ({ ...p, instance: undefined, detail: undefined });

    it('invalid_token: the same 401 status, challenge and body as a stale bearer on the real path', async () => {
      const rehearsal = await scenario('invalid_token');
      const real = await post(GOOD, { authorization: 'Bearer vt_at_stale' });
      assert.equal(rehearsal.status, 401);
      assert.equal(rehearsal.headers.get('www-authenticate'), real.headers.get('www-authenticate'));
      assert.deepEqual(strip((await rehearsal.json()) as Problem), strip((await real.json()) as Problem));
    });

    it('idempotency_conflict: the same 409 as a real in-flight key', async () => {
      const k = key();
      const scopeKey = idempotencyScopeKey('anonymous', 'POST', '/api/v1/inquiries', k);
      await server.store.idempotency.claim(scopeKey, fingerprint(GOOD), server.clock.now(), 30_000, 86_400_000);
      const real = await post(GOOD, { 'idempotency-key': k });
      assert.equal(real.headers.get('sandbox-scenario'), null, 'a real answer is never marked');
      const rehearsal = await scenario('idempotency_conflict');
      assert.equal(rehearsal.status, 409);
      const problem = (await rehearsal.json()) as Problem;
      assert.equal(problem.error, 'idempotency_conflict', 'the scenario name is the code it produces');
      assert.deepEqual(strip(problem), strip((await real.json()) as Problem));
    });

    it('validation_failed: a 400 problem with field errors', async () => {
      const res = await scenario('validation_failed');
      assert.equal(res.status, 400);
      const problem = (await res.json()) as Problem;
      assert.equal(problem.error, 'validation_failed');
      assert.ok((problem.errors?.length ?? 0) > 0);
    });

    it('internal_error: a 500 problem that names only the request id', async () => {
      const res = await scenario('internal_error');
      assert.equal(res.status, 500);
      const problem = (await res.json()) as Problem;
      assert.equal(problem.error, 'internal_error');
      assert.ok(problem.detail.includes(res.headers.get('x-request-id')!));
    });

    it('rate_limited: a 429 with Retry-After and the RateLimit headers', async () => {
      const res = await scenario('rate_limited');
      assert.equal(res.status, 429);
      assert.match(res.headers.get('retry-after') ?? '', /^\d+$/);
      assert.match(res.headers.get('ratelimit') ?? '', /^"writes";r=0;t=\d+$/);
      assert.match(res.headers.get('ratelimit-policy') ?? '', /^"writes";q=\d+;w=\d+$/);
      assert.equal((await res.json() as Problem).error, 'rate_limited');
    });

    for (const [name, code] of [['rate_limited', 'rate_limited'], ['invalid_token', 'invalid_token'], ['internal_error', 'internal_error'], ['idempotency_conflict', 'idempotency_conflict'], ['validation_failed', 'validation_failed'], ['server_error', 'internal_error'], ['conflict', 'idempotency_conflict'], ['validation_error', 'validation_failed'], [' Rate_Limited ', 'rate_limited']] as const) {
      it(`"${name}" answers ${code}, marked Sandbox-Scenario: ${code} and readable by browsers`, async () => {
        const res = await scenario(name, { origin: 'https://agent.example' });
        assert.equal(((await res.json()) as Problem).error, code);
        assert.equal(res.headers.get('sandbox-scenario'), code);
        assert.match(res.headers.get('access-control-expose-headers') ?? '', /(^|,\s*)Sandbox-Scenario(,|$)/i);
      });
    }

    it('rejects an unknown scenario with 400 listing the valid ones', async () => {
      const res = await scenario('meteor_strike');
      assert.equal(res.status, 400);
      assert.equal(res.headers.get('sandbox-scenario'), null, 'nothing was rehearsed');
      const problem = (await res.json()) as Problem & { valid_scenarios: string[] };
      assert.deepEqual(problem.valid_scenarios, ['rate_limited', 'invalid_token', 'internal_error', 'idempotency_conflict', 'validation_failed']);
    });

    it('a bearer without sandbox:write gets its 403 whatever it rehearses, as on /mcp', async () => {
      const { token } = await agentToken(server.baseUrl, 'catalog:read');
      const bearer = { authorization: `Bearer ${token}` };
      const mcp = await fetch(`${server.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'sandbox-scenario': 'idempotency_conflict', ...bearer },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'submit_inquiry', arguments: { ...GOOD, idempotency_key: key(), sandbox: true } } }),
      });
      assert.equal(mcp.status, 403);
      for (const name of ['idempotency_conflict', 'rate_limited', 'meteor_strike']) {
        const res = await scenario(name, bearer);
        assert.equal(res.status, 403, name);
        assert.equal(res.headers.get('sandbox-scenario'), null, `${name}: nothing was rehearsed`);
        assert.match(res.headers.get('www-authenticate') ?? '', /error="insufficient_scope"/);
        assert.match(res.headers.get('www-authenticate') ?? '', /scope="sandbox:write"/);
        assert.equal(((await res.json()) as Problem).error, 'insufficient_scope');
      }
      // With the scope, the same rehearsal is answered.
      const { token: writer } = await agentToken(server.baseUrl, 'sandbox:write');
      assert.equal((await scenario('idempotency_conflict', { authorization: `Bearer ${writer}` })).status, 409);
    });

    it('is never honoured outside the sandbox', async () => {
      const res = await post(GOOD, { 'sandbox-scenario': 'server_error' });
      assert.equal(res.status, 201);
    });
  });
});
