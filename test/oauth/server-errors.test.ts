import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { createTestIssuer, postForm } from '../helpers/issuer.js';
import { startTestServer } from '../helpers/server.js';

/**
 * RFC 6749 §4.1.2.1 `server_error` / `temporarily_unavailable`: what the authorization server's
 * endpoints answer when the fault is the server's. Never problem+json, never an internal detail.
 */
describe('OAuth endpoints answer 5xx in RFC 6749 JSON', () => {
  it('a failing database makes /oauth/token answer 500 server_error naming only the request id', async () => {
    const server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' }, contract: false });
    try {
      // A real fault: the clients table is gone from the SQLite file under the running server.
      const db = new Database((server.config.database as { path: string }).path);
      db.exec('DROP TABLE oauth_clients');
      db.close();
      const res = await postForm(`${server.baseUrl}/oauth/token`, { grant_type: 'client_credentials', client_id: 'vt_client_any' });
      assert.equal(res.status, 500);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.body.error, 'server_error');
      const requestId = res.headers.get('x-request-id')!;
      assert.match(String(res.body.error_description), new RegExp(requestId));
      assert.doesNotMatch(JSON.stringify(res.body), /oauth_clients|SQLITE|no such table|at /i, 'nothing internal');
      // The same fault elsewhere is a problem document.
      const keys = await fetch(`${server.baseUrl}/api/v1/keys`);
      assert.equal(keys.status, 500);
      assert.equal(keys.headers.get('content-type'), 'application/problem+json');
    } finally {
      await server.close();
    }
  });

  it('an unreachable JWKS of a trusted issuer is 503 temporarily_unavailable with Retry-After, not invalid_grant', async () => {
    const idp = await createTestIssuer('https://idp.example.test');
    const remote = { ...idp.trustEntry(), jwks: undefined, jwks_uri: 'http://127.0.0.1:1/jwks.json' };
    const server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false', TRUSTED_ISSUERS: JSON.stringify([remote]) } });
    try {
      const assertion = await idp.sign({ aud: server.baseUrl, email: 'ada@example.com', email_verified: true }, { nowMs: server.clock.now() });
      const res = await postForm(`${server.baseUrl}/oauth/claim`, { assertion });
      assert.equal(res.status, 503);
      assert.equal(res.body.error, 'temporarily_unavailable');
      assert.ok(Number(res.headers.get('retry-after')) > 0);
      assert.match(String(res.body.error_description), /signing keys could not be retrieved/);
    } finally {
      await server.close();
    }
  });
});
