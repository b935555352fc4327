import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

describe('smoke: the demo catalog over real HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('serves published projects at /api/v1/projects', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/projects`);
    assert.equal(res.status, 200);
    const body = (await res.json()) as { data: { slug: string }[] };
    assert.ok(body.data.length > 0);
  });
});
