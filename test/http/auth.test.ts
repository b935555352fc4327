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

  it('an empty Bearer credential → 401 invalid_token', async () => {
    await assertInvalidToken(await call('/test/optional', 'Bearer '));
  });

  it('another scheme (Basic) on a write → 401 invalid_token, not anonymous', async () => {
    await assertInvalidToken(await call('/test/optional', `Basic ${Buffer.from('a:b').toString('base64')}`));
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
