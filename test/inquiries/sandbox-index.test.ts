import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface SandboxIndex {
  projects_url: string;
  studio_url: string;
  inquiries_url: string;
  scope: string;
  scenarios: string[];
  documentation: string;
}

/** The key response calls /api/v1/sandbox the sandbox's base URL, and /llms.txt links it: it must answer. */
describe('GET /api/v1/sandbox: the sandbox index', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  it('answers at the base_url a key names, and every link it gives works', async () => {
    const key = (await (await fetch(`${server.baseUrl}/api/v1/keys`)).json()) as { sandbox: { base_url: string } };
    for (const url of [key.sandbox.base_url]) {
      const res = await fetch(url);
      assert.equal(res.status, 200, url);
      assert.ok(res.headers.get('etag'));
      const index = (await res.json()) as SandboxIndex;
      assert.equal(index.scope, 'sandbox:write');
      assert.ok(index.scenarios.includes('rate_limited'));
      for (const link of [index.projects_url, index.studio_url, index.documentation]) assert.equal((await fetch(link)).status, 200, link);
      const rehearsal = await fetch(index.inquiries_url, { method: 'POST', headers: { 'content-type': 'application/json', 'sandbox-scenario': 'validation_failed' }, body: '{}' });
      assert.equal(rehearsal.status, 400);
      assert.equal(rehearsal.headers.get('sandbox-scenario'), 'validation_failed');
    }
  });

  it('answers 304 to its own ETag', async () => {
    const first = await fetch(`${server.baseUrl}/api/v1/sandbox`);
    await first.arrayBuffer();
    const again = await fetch(`${server.baseUrl}/api/v1/sandbox`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    assert.equal(again.status, 304);
  });
});
