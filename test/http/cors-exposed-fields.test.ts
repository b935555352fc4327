import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/**
 * Fetch standard, CORS protocol: a script of another origin reads only the safelisted response
 * fields and those in Access-Control-Expose-Headers. The fields that say how to correct a refused
 * request — Allow on a 405 (RFC 9110 §15.5.6), Accept-Post / Accept-Patch on a 415 (§15.5.16,
 * RFC 5789 §2.2) — must be readable to a browser agent, like Retry-After on a 429 is.
 */
describe('a cross-origin script can read the fields that say how to correct a refused request', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const exposed = (res: Response) => (res.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(/\s*,\s*/);

  it('405 exposes Allow, 415 exposes Accept-Post, and Accept-Patch is exposed for PATCH refusals', async () => {
    const origin = { origin: 'https://agent.example' };
    const notAllowed = await fetch(`${server.baseUrl}/api/v1/inquiries`, { headers: origin });
    assert.equal(notAllowed.status, 405);
    assert.ok(notAllowed.headers.get('allow'));
    assert.ok(exposed(notAllowed).includes('allow'), String(exposed(notAllowed)));
    await notAllowed.arrayBuffer();

    const unsupported = await fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { ...origin, 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(unsupported.status, 415);
    assert.ok(exposed(unsupported).includes('accept-post'));
    assert.ok(exposed(unsupported).includes('accept-patch'));
    await unsupported.arrayBuffer();
  });
});
