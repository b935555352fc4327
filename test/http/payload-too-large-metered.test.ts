import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { Problem } from '../helpers/problem.js';

/**
 * docs/design.md §7: every metered answer carries RateLimit-Policy and RateLimit
 * (draft-ietf-httpapi-ratelimit-headers), refusals included; an oversized body is a request
 * like any other, so it spends the quota it is metered under and a flood of them meets the 429.
 */
describe('413 answers are metered like every other answer', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ demo: false, env: { RATE_LIMITS: JSON.stringify({ writes: { q: 3, w: 60 } }), BODY_LIMIT_BYTES: '1024' } });
  });
  after(async () => server.close());

  const oversized = () =>
    fetch(`${server.baseUrl}/api/v1/inquiries`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(4096) }) });

  it('carries RateLimit-Policy and RateLimit, counts down, and is refused with 429 once the quota is spent', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await oversized();
      assert.equal(res.status, 413);
      assert.equal(((await res.json()) as Problem).error, 'payload_too_large');
      assert.equal(res.headers.get('ratelimit-policy'), '"writes";q=3;w=60');
      remaining.push(String(res.headers.get('ratelimit')));
    }
    assert.deepEqual(remaining.map((field) => /;r=(\d+);/.exec(field)?.[1]), ['2', '1', '0']);
    const limited = await oversized();
    assert.equal(limited.status, 429);
    assert.ok(limited.headers.get('retry-after'));
    await limited.arrayBuffer();
  });
});
