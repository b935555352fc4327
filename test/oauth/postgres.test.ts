import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestIssuer, postForm, type TestIssuer } from '../helpers/issuer.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { agentToken } from '../helpers/tokens.js';

describe('the OAuth flows over PostgreSQL (multi-instance storage)', () => {
  let server: TestServer;
  let idp: TestIssuer;
  before(async () => {
    idp = await createTestIssuer();
    server = await startTestServer({ dialect: 'postgres', demo: false, env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([idp.trustEntry()]) } });
  });
  after(async () => server.close());

  it('register → token → verify → revoke → invalid', async () => {
    const { token } = await agentToken(server.baseUrl);
    assert.equal((await server.vitrine.oauth.verifier.verify(`Bearer ${token}`)).kind, 'valid');
    assert.equal((await postForm(`${server.baseUrl}/oauth/revoke`, { token })).status, 200);
    assert.deepEqual(await server.vitrine.oauth.verifier.verify(`Bearer ${token}`), { kind: 'invalid', reason: 'revoked' });
  });

  it('an assertion jti is single-use in the shared database', async () => {
    const assertion = await idp.sign({ aud: server.baseUrl, email: 'ada@example.com', email_verified: true }, { nowMs: server.clock.now() });
    const first = await postForm(`${server.baseUrl}/oauth/claim`, { assertion_type: 'verified_email', assertion });
    assert.equal(first.status, 200);
    const replay = await postForm(`${server.baseUrl}/oauth/claim`, { assertion_type: 'verified_email', assertion });
    assert.equal(replay.status, 400);
    assert.equal(replay.body.error, 'invalid_grant');
  });

  it('an API key is stored and verified', async () => {
    const key = ((await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { api_key: string }).api_key;
    const check = await server.vitrine.oauth.verifier.verify(`Bearer ${key}`);
    assert.equal(check.kind === 'valid' && check.principal.credential, 'api_key');
  });
});
