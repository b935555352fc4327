import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import pino from 'pino';
import { hashSecret } from '../../src/oauth/tokens.js';
import { parseSfList } from '../ratelimit/sf.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const LIMITS = JSON.stringify({ reads: { q: 5, w: 60 }, writes: { q: 3, w: 60 }, register: { q: 2, w: 3600 }, auth: { q: 2, w: 60 } });

async function withServer(env: Record<string, string>, run: (server: TestServer) => Promise<void>, deps?: NonNullable<Parameters<typeof startTestServer>[0]>['deps']): Promise<void> {
  const server = await startTestServer({ env: { RATE_LIMITS: LIMITS, ...env }, ...(deps ? { deps } : {}) });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

function postInquiry(server: TestServer, headers: Record<string, string> = {}, path = '/api/v1/inquiries'): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
}

/** The RateLimit fields of a response, parsed back from their Structured Field syntax. */
function fields(res: Response): { policy: { name: string; q: number; w: number }; state: { name: string; r: number; t: number } } {
  const [policy] = parseSfList(res.headers.get('ratelimit-policy') ?? assert.fail('no RateLimit-Policy'));
  const [state] = parseSfList(res.headers.get('ratelimit') ?? assert.fail('no RateLimit'));
  assert.deepEqual(Object.keys(policy!.params).sort(), ['q', 'w']);
  assert.deepEqual(Object.keys(state!.params).sort(), ['r', 't']);
  return {
    policy: { name: policy!.value, q: policy!.params.q as number, w: policy!.params.w as number },
    state: { name: state!.value, r: state!.params.r as number, t: state!.params.t as number },
  };
}

async function seedBearer(server: TestServer, clientId: string): Promise<string> {
  const token = `vt_key_${clientId}_test_secret_value`;
  await server.store.clients.create({
    client_id: clientId,
    client_name: clientId,
    token_endpoint_auth_method: 'none',
    grant_types: ['client_credentials'],
    scope: 'catalog:read inquiries:write sandbox:write',
    secret_hash: null,
    client_id_issued_at: Math.floor(server.clock.now() / 1000),
    redirect_uris: [],
    client_uri: null,
    logo_uri: null,
  });
  await server.store.credentials.insert({
    hash: hashSecret(token),
    kind: 'api_key',
    client_id: clientId,
    scope: 'catalog:read inquiries:write sandbox:write',
    identity_type: 'anonymous',
    subject: null,
    created_at: server.clock.now(),
    expires_at: null,
    revoked_at: null,
    resource: null,
    grant_id: null,
  });
  return token;
}

describe('draft-ietf-httpapi-ratelimit-headers on every metered response', () => {
  it('sends RateLimit-Policy and RateLimit as Structured Field Lists, counting r down per request', () => {
    return withServer({}, async (server) => {
      const first = await fetch(`${server.baseUrl}/api/v1/projects`);
      assert.equal(first.status, 200);
      assert.equal(first.headers.get('ratelimit-policy'), '"reads";q=5;w=60');
      assert.equal(first.headers.get('ratelimit'), '"reads";r=4;t=60');
      server.clock.advance(19_000);
      const second = await fetch(`${server.baseUrl}/api/v1/facets`);
      assert.deepEqual(fields(second), { policy: { name: 'reads', q: 5, w: 60 }, state: { name: 'reads', r: 3, t: 41 } });
    });
  });

  it('meters writes under their own policy, also when the write itself is rejected', () => {
    return withServer({}, async (server) => {
      const res = await postInquiry(server);
      assert.notEqual(res.status, 429);
      assert.deepEqual(fields(res), { policy: { name: 'writes', q: 3, w: 60 }, state: { name: 'writes', r: 2, t: 60 } });
    });
  });

  it('does not meter OPTIONS preflights or the health and readiness probes', () => {
    return withServer({}, async (server) => {
      for (let i = 0; i < 8; i++) {
        const preflight = await fetch(`${server.baseUrl}/oauth/token`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
        assert.notEqual(preflight.status, 429);
        assert.equal(preflight.headers.get('ratelimit'), null);
        for (const path of ['/healthz', '/readyz']) {
          const probe = await fetch(`${server.baseUrl}${path}`);
          assert.equal(probe.status, 200, path);
          assert.equal(probe.headers.get('ratelimit'), null, path);
        }
      }
    });
  });
});

describe('429 when a policy is exhausted', () => {
  it('answers a quota-exceeded problem with Retry-After and r=0, then admits again once the window resets', () => {
    return withServer({}, async (server) => {
      for (const expected of [2, 1, 0]) assert.equal(fields(await postInquiry(server)).state.r, expected);
      server.clock.advance(19_000);
      const limited = await postInquiry(server);
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('content-type'), 'application/problem+json');
      assert.equal(limited.headers.get('retry-after'), '41');
      assert.equal(limited.headers.get('ratelimit-policy'), '"writes";q=3;w=60');
      assert.equal(limited.headers.get('ratelimit'), '"writes";r=0;t=41');
      // The request context's headers too: the refusal is built in one step like any answer.
      assert.match(limited.headers.get('x-request-id') ?? '', /^\S+$/);
      assert.equal(limited.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(limited.headers.get('access-control-allow-origin'), '*');
      const body = (await limited.json()) as Record<string, unknown>;
      assert.equal(body.type, `${server.baseUrl}/problems/quota-exceeded`);
      assert.equal(body.status, 429);
      assert.equal(body.error, 'rate_limited');
      assert.deepEqual(body['violated-policies'], ['writes']);
      assert.equal(body.instance, '/api/v1/inquiries');

      // Reads have their own quota and are untouched.
      assert.equal((await fetch(`${server.baseUrl}/api/v1/projects`)).status, 200);

      // Retry-After is never earlier than the reset: waiting exactly that long is enough.
      server.clock.advance(41_000);
      const again = await postInquiry(server);
      assert.notEqual(again.status, 429);
      assert.deepEqual(fields(again).state, { name: 'writes', r: 2, t: 60 });
    });
  });

  it('uses the same problem body on OAuth endpoints (RFC 6749 defines no throttling code)', () => {
    return withServer({}, async (server) => {
      const token = () => fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'nobody' }) });
      for (let i = 0; i < 2; i++) assert.notEqual((await token()).status, 429);
      const limited = await token();
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('content-type'), 'application/problem+json');
      assert.equal(limited.headers.get('ratelimit'), '"auth";r=0;t=60');
      assert.deepEqual(((await limited.json()) as Record<string, unknown>)['violated-policies'], ['auth']);
    });
  });

  it('a browser asking for a page (the consent page, the catalog) gets an HTML 429 with the same fields; a program the problem', () => {
    return withServer({}, async (server) => {
      const page = (path: string, accept: string) => fetch(`${server.baseUrl}${path}`, { headers: { accept } });
      for (let i = 0; i < 2; i++) await page('/oauth/authorize?client_id=nobody', 'text/html');
      const consent = await page('/oauth/authorize?client_id=nobody', 'text/html,application/xhtml+xml,*/*;q=0.8');
      assert.equal(consent.status, 429);
      assert.match(consent.headers.get('content-type') ?? '', /^text\/html/);
      assert.equal(consent.headers.get('retry-after'), '60');
      assert.equal(consent.headers.get('ratelimit'), '"auth";r=0;t=60');
      assert.match(await consent.text(), /Too many attempts[\s\S]*Please wait 60 seconds/);
      assert.equal((await page('/oauth/authorize?client_id=nobody', 'application/json')).headers.get('content-type'), 'application/problem+json');

      for (let i = 0; i < 5; i++) await page('/', 'text/html');
      const catalog = await page('/', 'text/html');
      assert.equal(catalog.status, 429);
      assert.match(await catalog.text(), /<html/);
      const api = await page('/api/v1/projects', 'text/html');
      assert.equal(api.status, 429);
      assert.equal(api.headers.get('content-type'), 'application/problem+json', 'API paths answer problems whatever Accept says');
    });
  });

  it('the sandbox rate_limited scenario rehearses the exact headers and body of the real 429', () => {
    return withServer({}, async (server) => {
      const rehearsal = await postInquiry(server, { 'sandbox-scenario': 'rate_limited' }, '/api/v1/sandbox/inquiries');
      assert.equal(rehearsal.status, 429);
      for (let i = 0; i < 2; i++) await postInquiry(server);
      const real = await postInquiry(server);
      assert.equal(real.status, 429);
      for (const name of ['content-type', 'retry-after', 'ratelimit-policy', 'ratelimit', 'cache-control']) {
        assert.equal(rehearsal.headers.get(name), real.headers.get(name), name);
      }
      const { instance: _a, ...rehearsed } = (await rehearsal.json()) as Record<string, unknown>;
      const { instance: _b, ...actual } = (await real.json()) as Record<string, unknown>;
      assert.deepEqual(rehearsed, actual);
    });
  });
});

describe('whose quota a request spends', () => {
  // Was "a read with a verified bearer spends only its client quota; other clients and anonymous
  // callers keep theirs": free keys made that a way to multiply the read quota from one IP, so a
  // read spends the IP's quota too, as a write does.
  it('a read with a verified bearer spends both its client quota and its IP quota; another IP keeps its own', () => {
    return withServer({ TRUST_PROXY: '1' }, async (server) => {
      const alice = await seedBearer(server, 'vt_client_alice');
      const bob = await seedBearer(server, 'vt_client_bob');
      const from = (ip: string, token?: string) => ({ 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) });
      const read = (headers: Record<string, string>) => fetch(`${server.baseUrl}/api/v1/projects`, { headers });
      for (const expected of [4, 3, 2, 1, 0]) assert.equal(fields(await read(from('198.51.100.1', alice))).state.r, expected);
      // A's IP bucket is spent: bob, with a full client quota, and anonymous callers from A are refused.
      for (const headers of [from('198.51.100.1', bob), from('198.51.100.1')]) assert.equal((await read(headers)).status, 429);
      // From B, alice's spent client bucket refuses her (her attempt still counts at B); bob's
      // refused attempt at A was charged to his client, so both his buckets have 3 left.
      assert.equal((await read(from('198.51.100.2', alice))).status, 429);
      assert.equal(fields(await read(from('198.51.100.2', bob))).state.r, 3);
      assert.equal(fields(await read(from('198.51.100.2'))).state.r, 2);
    });
  });

  it('a bearer buys no fresh quota for tokens: the auth policy is per IP alone', () => {
    return withServer({ RATE_LIMITS: JSON.stringify({ auth: { q: 2, w: 60 } }) }, async (server) => {
      const alice = await seedBearer(server, 'vt_client_alice');
      const token = (headers: Record<string, string> = {}) =>
        fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'grant_type=client_credentials&client_id=vt_client_alice' });
      assert.equal((await token()).status, 200);
      assert.equal((await token()).status, 200);
      const withBearer = await token({ authorization: `Bearer ${alice}` });
      assert.equal(withBearer.status, 429);
      assert.equal(withBearer.headers.get('ratelimit'), '"auth";r=0;t=60');
    });
  });

  // Was "a verified bearer spends its client quota; other clients and anonymous callers keep theirs":
  // free keys made that a way to multiply the write quota, so a write now spends the IP's quota too.
  it('a write with a verified bearer spends both its client quota and its IP quota; another IP keeps its own', () => {
    return withServer({ TRUST_PROXY: '1' }, async (server) => {
      const alice = await seedBearer(server, 'vt_client_alice');
      const bob = await seedBearer(server, 'vt_client_bob');
      const from = (ip: string, token?: string) => ({ 'x-forwarded-for': ip, ...(token ? { authorization: `Bearer ${token}` } : {}) });
      // Anonymous writes from A spend A's IP bucket only: alice's client bucket stays full, so A's (smaller) r is reported.
      assert.equal(fields(await postInquiry(server, from('198.51.100.1'))).state.r, 2);
      assert.equal(fields(await postInquiry(server, from('198.51.100.1', alice))).state.r, 1);
      assert.equal(fields(await postInquiry(server, from('198.51.100.1', alice))).state.r, 0);
      // A's IP bucket is spent: bob, with an untouched client quota, and anonymous callers from A are refused.
      for (const headers of [from('198.51.100.1', bob), from('198.51.100.1')]) {
        const refused = await postInquiry(server, headers);
        assert.equal(refused.status, 429);
        assert.equal(refused.headers.get('ratelimit'), '"writes";r=0;t=60');
      }
      // From IP B, alice's client bucket (1 left) is the stricter; then it is spent wherever she writes from.
      assert.equal(fields(await postInquiry(server, from('198.51.100.2', alice))).state.r, 0);
      const spent = await postInquiry(server, from('198.51.100.3', alice));
      assert.equal(spent.status, 429);
      assert.equal(spent.headers.get('retry-after'), '60');
      // Bob from a fresh IP: the IP is untouched, but his refused attempt from A was charged to his client too.
      assert.equal(fields(await postInquiry(server, from('198.51.100.4', bob))).state.r, 1);
    });
  });

  it('free keys do not multiply the write quota: a key minted from an IP whose writes are spent is refused', () => {
    const limits = JSON.stringify({ writes: { q: 2, w: 60 }, register: { q: 100, w: 3600 } });
    return withServer({ RATE_LIMITS: limits }, async (server) => {
      for (let i = 0; i < 2; i++) assert.notEqual((await postInquiry(server)).status, 429);
      assert.equal((await postInquiry(server)).status, 429);
      const minted = await fetch(`${server.baseUrl}/api/v1/keys`);
      assert.equal(minted.status, 200);
      const { api_key: apiKey } = (await minted.json()) as { api_key: string };
      const refused = await postInquiry(server, { authorization: `Bearer ${apiKey}` });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('ratelimit-policy'), '"writes";q=2;w=60');
      assert.equal(refused.headers.get('ratelimit'), '"writes";r=0;t=60');
      assert.equal(refused.headers.get('retry-after'), '60');
      assert.deepEqual(((await refused.json()) as Record<string, unknown>)['violated-policies'], ['writes']);
      // The key is good for reads, which stay per client.
      assert.equal(fields(await fetch(`${server.baseUrl}/api/v1/projects`, { headers: { authorization: `Bearer ${apiKey}` } })).state.r, 1199);
    });
  });

  it('free keys do not multiply the MCP quota either (submit_inquiry stores inquiries): MCP with a bearer spends its IP quota too', () => {
    const limits = JSON.stringify({ mcp: { q: 2, w: 60 }, register: { q: 100, w: 3600 } });
    return withServer({ RATE_LIMITS: limits }, async (server) => {
      const mcp = (headers: Record<string, string> = {}) =>
        fetch(`${server.baseUrl}/mcp`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'test', version: '1' } } }),
        });
      for (let i = 0; i < 2; i++) assert.notEqual((await mcp()).status, 429);
      const { api_key: apiKey } = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string };
      const refused = await mcp({ authorization: `Bearer ${apiKey}` });
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('ratelimit'), '"mcp";r=0;t=60');
    });
  });

  it('an invalid bearer on a read is counted against the IP, never failing because of the limiter', () => {
    return withServer({}, async (server) => {
      assert.equal(fields(await fetch(`${server.baseUrl}/api/v1/projects`)).state.r, 4);
      const bogus = await fetch(`${server.baseUrl}/api/v1/projects`, { headers: { authorization: 'Bearer not-a-real-token' } });
      assert.notEqual(bogus.status, 429);
      assert.equal(fields(bogus).state.r, 3);
      assert.equal(fields(await fetch(`${server.baseUrl}/api/v1/projects`)).state.r, 2);
    });
  });

  it('credential minting is always per IP: a bearer does not buy a fresh register quota', () => {
    return withServer({}, async (server) => {
      const alice = await seedBearer(server, 'vt_client_alice');
      const register = (headers: Record<string, string>) =>
        fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ client_name: 'x', token_endpoint_auth_method: 'none' }) });
      assert.notEqual((await register({})).status, 429);
      assert.notEqual((await fetch(`${server.baseUrl}/api/v1/keys`)).status, 429);
      const limited = await register({ authorization: `Bearer ${alice}` });
      assert.equal(limited.status, 429);
      assert.equal(limited.headers.get('ratelimit-policy'), '"register";q=2;w=3600');
    });
  });
});

describe('when the counter store fails', () => {
  it('admits reads and writes unmetered, refuses credential minting with 503, and logs at most once per 30 s', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'error' }, sink);
    return withServer(
      { REDIS_URL: 'redis://127.0.0.1:1' },
      async (server) => {
        const read = await fetch(`${server.baseUrl}/api/v1/projects`);
        assert.equal(read.status, 200);
        assert.equal(read.headers.get('ratelimit'), null);
        assert.notEqual((await postInquiry(server)).status, 503);
        const register = await fetch(`${server.baseUrl}/oauth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"token_endpoint_auth_method":"none"}' });
        assert.equal(register.status, 503);
        // RFC 6749 §4.1.2.1 temporarily_unavailable: the authorization server answers in its own format.
        assert.equal(register.headers.get('content-type'), 'application/json');
        assert.ok(Number(register.headers.get('retry-after')) > 0);
        const body = (await register.json()) as Record<string, unknown>;
        assert.equal(body.error, 'temporarily_unavailable');
        assert.ok(!JSON.stringify(body).includes('127.0.0.1:1'), 'no internal detail in the body');
        const token = await fetch(`${server.baseUrl}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'x' }) });
        assert.equal(token.status, 503);
        assert.equal(((await token.json()) as { error: string }).error, 'temporarily_unavailable');
        // The free-key endpoint is not the authorization server's: a problem document.
        const keys = await fetch(`${server.baseUrl}/api/v1/keys`);
        assert.equal(keys.status, 503);
        assert.equal(keys.headers.get('content-type'), 'application/problem+json');
        assert.equal(((await keys.json()) as { error: string }).error, 'temporarily_unavailable');
        const failures = () => lines.filter((l) => l.includes('rate-limit store failed')).length;
        assert.equal(failures(), 1);
        server.clock.advance(30_000);
        await fetch(`${server.baseUrl}/api/v1/projects`);
        assert.equal(failures(), 2);
      },
      { logger },
    );
  });
});

describe('RATE_LIMITS_ENABLED=false', () => {
  it('meters nothing and sends no RateLimit fields', () => {
    return withServer({ RATE_LIMITS_ENABLED: 'false' }, async (server) => {
      for (let i = 0; i < 5; i++) {
        const res = await postInquiry(server);
        assert.notEqual(res.status, 429);
        assert.equal(res.headers.get('ratelimit'), null);
      }
    });
  });
});
