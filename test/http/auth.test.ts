import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { authenticate, invalidTokenResponse, requireScope } from '../../src/http/middleware/auth.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';

/**
 * The shared bearer middleware, mounted on test-only routes (not part of the API, so the
 * contract check is off for this file).
 */
describe('authenticate / requireScope (RFC 6750)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, contract: false, env: { RATE_LIMITS_ENABLED: 'false' } } as Parameters<typeof startTestServer>[0]);
    const { app, oauth } = server.vitrine;
    app.post('/test/optional', authenticate(oauth.verifier), requireScope('inquiries:write'), (c) => c.json({ principal: c.get('principal') }));
    app.post('/test/required', authenticate(oauth.verifier, { required: true }), (c) => c.json({ client: c.get('principal')?.clientId }));
    app.post('/test/rehearse', (c) => invalidTokenResponse(c));
  });
  after(async () => server.close());

  const call = (path: string, authorization?: string) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: authorization === undefined ? {} : { authorization } });
  const challenge = () => `Bearer error="invalid_token", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`;

  async function assertInvalidToken(res: Response): Promise<void> {
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), challenge());
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_token');
  }

  it('no Authorization header → anonymous (principal null)', async () => {
    const res = await call('/test/optional');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { principal: null });
  });

  it('a valid bearer sets the principal; the scheme is case-insensitive (RFC 6750 §2.1)', async () => {
    const { clientId, token } = await agentToken(server.baseUrl);
    const res = await call('/test/optional', `bearer ${token}`);
    assert.equal(res.status, 200);
    const { principal } = (await res.json()) as { principal: { clientId: string; identityType: string } };
    assert.equal(principal.clientId, clientId);
    assert.equal(principal.identityType, 'anonymous');
  });

  it('an unknown bearer → 401 invalid_token, never anonymous', async () => {
    await assertInvalidToken(await call('/test/optional', 'Bearer vt_at_unknown'));
  });

  it('a malformed bearer (bad characters) → 401 invalid_token', async () => {
    await assertInvalidToken(await call('/test/optional', 'Bearer a b c'));
  });

  // RFC 6750 §3.1: a request that lacks any authentication information (an unsupported scheme, no
  // token) gets a challenge with no error code; it is still refused, not taken as anonymous.
  for (const [name, authorization] of [['an empty Bearer credential', 'Bearer '], ['another scheme (Basic)', `Basic ${Buffer.from('a:b').toString('base64')}`]] as const) {
    it(`${name} on a write → 401 with a challenge without an error code (RFC 6750 §3.1), not anonymous`, async () => {
      const res = await call('/test/optional', authorization);
      assert.equal(res.status, 401);
      assert.equal(res.headers.get('www-authenticate'), `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
      assert.equal(res.headers.get('content-type'), 'application/problem+json');
      assert.match(((await res.json()) as { detail: string }).detail, /no bearer token/);
    });
  }

  it('a token in the query string (RFC 6750 §2.3) → 400, never served as anonymous; on writes, reads and /mcp', async () => {
    for (const [method, path] of [['POST', '/api/v1/sandbox/inquiries?access_token=garbage'], ['POST', '/api/v1/inquiries?x=1&access_token='], ['GET', '/api/v1/projects?access_token=abc'], ['POST', '/mcp?access_token=abc']] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: method === 'POST' ? { 'content-type': 'application/json', accept: 'application/json, text/event-stream' } : {},
        ...(method === 'POST' ? { body: JSON.stringify(path.startsWith('/mcp') ? { jsonrpc: '2.0', id: 1, method: 'ping' } : { name: 'Ada', email: 'ada@example.com', message: 'A question about a project.' }) } : {}),
      });
      assert.equal(res.status, 400, `${method} ${path}`);
      assert.match(((await res.json()) as { detail: string }).detail, /query string/);
    }
    const plain = await fetch(`${server.baseUrl}/api/v1/sandbox/inquiries?tokens=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'A question about a project.' }) });
    assert.notEqual(plain.status, 400, 'only an access_token parameter is refused');
  });

  it('an expired bearer → 401 invalid_token', async () => {
    const { token } = await agentToken(server.baseUrl);
    server.clock.advance(3601 * 1000);
    await assertInvalidToken(await call('/test/optional', `Bearer ${token}`));
  });

  it('required: no header → 401 with a challenge that has no error attribute (RFC 6750 §3.1)', async () => {
    const res = await call('/test/required');
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), `Bearer resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  });

  it('requireScope: a token without the scope → 403 insufficient_scope naming it', async () => {
    const { token } = await agentToken(server.baseUrl, 'sandbox:write');
    const res = await call('/test/optional', `Bearer ${token}`);
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('www-authenticate'), `Bearer error="insufficient_scope", scope="inquiries:write", resource_metadata="${server.baseUrl}/.well-known/oauth-protected-resource"`);
    assert.equal(((await res.json()) as { error: string }).error, 'insufficient_scope');
  });

  it('invalidTokenResponse gives exactly the 401 of a stale token', async () => {
    await assertInvalidToken(await call('/test/rehearse'));
  });
});

describe('a request’s bearer is verified once', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('the rate limiter (metering the client) and the API’s bearer check share one verification', async () => {
    const { token } = await agentToken(server.baseUrl);
    const verifier = server.vitrine.oauth.verifier;
    const verify = verifier.verify.bind(verifier);
    let calls = 0;
    verifier.verify = (authorization) => {
      calls += 1;
      return verify(authorization);
    };
    try {
      for (const [path, method] of [['/api/v1/projects', 'GET'], ['/api/v1/inquiries', 'POST']] as const) {
        calls = 0;
        const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });
        assert.ok(res.headers.get('ratelimit'), `${path} is metered (by the client)`);
        assert.equal(calls, 1, `${method} ${path}`);
      }
    } finally {
      verifier.verify = verify;
    }
  });
});
