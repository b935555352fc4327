import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

/**
 * docs/design.md §11.1: a message people read names what was wrong and says what to do. An
 * unknown slug's 404 says where the valid slugs are listed, the real catalog's or the sandbox's.
 */
describe('an unknown project slug is a 404 that says where the slugs are', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { RATE_LIMITS_ENABLED: 'false' } });
  });
  after(async () => server.close());

  for (const list of ['/api/v1/projects', '/api/v1/sandbox/projects']) {
    it(`${list}/{slug}`, async () => {
      const res = await fetch(`${server.baseUrl}${list}/No-Such-Project`);
      assert.equal(res.status, 404);
      const problem = (await res.json()) as Problem;
      assert.equal(problem.error, 'not_found');
      assert.equal(problem.instance, `${list}/No-Such-Project`);
      assert.match(problem.detail, /^No published project has the slug "No-Such-Project"/);
      assert.ok(problem.detail.includes(`${server.baseUrl}${list}`), problem.detail);
      assert.match(problem.detail, /\.$/);
    });
  }
});
