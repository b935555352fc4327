import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * RFC 9110 §9.3.7: OPTIONS asks what a resource allows; a path nothing serves has no resource,
 * so a plain OPTIONS there is a 404 (as it is outside the public CORS paths). A CORS preflight
 * (with Access-Control-Request-Method) still succeeds there, so that a browser can go on to
 * read the 404 of the request it was about to send.
 */
describe('OPTIONS on a public path nothing serves', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  it('is a 404 problem without Access-Control-Request-Method, under /api/, /.well-known/ and /oauth/', async () => {
    for (const path of ['/api/v1/nothing-here', '/.well-known/nothing-here', '/oauth/nothing-here']) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'OPTIONS' });
      assert.equal(res.status, 404, path);
      assert.equal(res.headers.get('content-type'), 'application/problem+json', path);
      assert.equal(res.headers.get('allow'), null, path);
      await res.arrayBuffer();
    }
  });

  it('is still a 204 preflight with Access-Control-Request-Method, and a served path a 204 with Allow', async () => {
    const preflight = await fetch(`${server.baseUrl}/api/v1/sandbox/orders`, { method: 'OPTIONS', headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const served = await fetch(`${server.baseUrl}/api/v1/projects`, { method: 'OPTIONS' });
    assert.equal(served.status, 204);
    assert.equal(served.headers.get('allow'), 'GET, HEAD, OPTIONS');
  });
});
