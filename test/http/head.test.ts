import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';

/** Fields that differ between any two answers, whatever the method. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'ratelimit', 'keep-alive', 'connection']);

/**
 * RFC 9110 §9.3.2: HEAD answers the header fields GET would, without content; §8.6: a
 * Content-Length it sends is the length GET's content would have. Errors and documents built per
 * request included, not only the kept catalog answers.
 */
describe('HEAD carries the header fields of GET, Content-Length included', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const request = (method: string, path: string) => fetch(`${server.baseUrl}${path}`, { method, headers: { 'accept-encoding': 'identity' } });
  const fields = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER.has(name)));

  for (const path of ['/healthz', '/readyz', '/api/v1/projects/no-such-project', '/api/v1/projects?bogus=1', '/api/v1/inquiries', '/mcp', '/.well-known/api-catalog', '/llms.txt', '/api/v1/projects?limit=2']) {
    it(`HEAD ${path}`, async () => {
      const get = await request('GET', path);
      const content = new Uint8Array(await get.arrayBuffer());
      const head = await request('HEAD', path);
      assert.equal(head.status, get.status);
      assert.equal((await head.arrayBuffer()).byteLength, 0, 'no content');
      assert.equal(head.headers.get('content-length'), String(content.byteLength));
      assert.deepEqual(fields(head), fields(get));
    });
  }
});
