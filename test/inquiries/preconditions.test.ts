import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

const GOOD = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'We would like a booking platform like yours.' };

/**
 * RFC 9110 §13.1.1: If-Match is false when the target has no current representation, and the
 * origin MUST NOT perform the method then. The inquiry collections have none (GET is a 405).
 */
describe('POST /api/v1/inquiries and its sandbox twin with preconditions', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  const post = (path: string, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(GOOD) });

  for (const path of ['/api/v1/inquiries', '/api/v1/sandbox/inquiries']) {
    it(`${path}: If-Match (* or a tag) is a 412 precondition_failed problem and stores nothing`, async () => {
      const before = await server.store.inquiries.count();
      for (const ifMatch of ['*', '"some-etag"']) {
        const res = await post(path, { 'if-match': ifMatch, 'idempotency-key': `pre-${ifMatch.length}-${path.length}` });
        assert.equal(res.status, 412, `If-Match: ${ifMatch}`);
        assert.equal(res.headers.get('content-type'), 'application/problem+json');
        const problem = (await res.json()) as Problem;
        assert.equal(problem.status, 412);
        assert.equal(problem.error, 'precondition_failed');
        assert.equal(problem.instance, path);
        assert.match(problem.detail, /If-Match/);
      }
      assert.equal(await server.store.inquiries.count(), before);
      // The key was not spent on the refused requests: the same key without If-Match goes through.
      const retry = await post(path, { 'idempotency-key': `pre-1-${path.length}` });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), null);
    });

    it(`${path}: If-None-Match: * holds (there is no current representation), so the write goes through`, async () => {
      const res = await post(path, { 'if-none-match': '*' });
      assert.equal(res.status, 201);
    });
  }
});
